// Picks the storage driver the configuration asks for.
import path from 'node:path';
import type { Config } from '../../config.js';
import { createLocalDriver } from './local-driver.js';
import { createS3Driver } from './s3-driver.js';
import type { StorageDriver } from './storage-driver.js';

export function createStorage(config: Pick<Config, 'dataDir' | 'storage' | 's3'>): StorageDriver {
  if (config.storage === 's3' && config.s3) return createS3Driver(config.s3);
  return createLocalDriver(path.join(config.dataDir, 'files'));
}
