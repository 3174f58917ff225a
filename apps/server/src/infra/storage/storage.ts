// Picks the storage driver the configuration asks for: the one way drivers are built. On S3 every
// area shares the bucket (keys start with `blobs/`, `tmp/`, `avatars/`); on a local disk the
// uploaded files live under DATA_DIR/files and the avatar images under DATA_DIR/avatars.
import path from 'node:path';
import type { Config } from '../../config.js';
import { createLocalDriver } from './local-driver.js';
import { createS3Driver } from './s3-driver.js';
import type { StorageDriver } from './storage-driver.js';

export type StorageArea = 'files' | 'avatars';

export function createStorage(
  config: Pick<Config, 'dataDir' | 'storage' | 's3'>,
  area: StorageArea = 'files',
): StorageDriver {
  if (config.storage === 's3' && config.s3) return createS3Driver(config.s3);
  // avatar keys carry their `avatars/` folder, so their root is DATA_DIR itself
  return createLocalDriver(area === 'files' ? path.join(config.dataDir, 'files') : config.dataDir);
}
