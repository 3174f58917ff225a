// Tests only: a real S3-compatible server (s3rver) on loopback with one bucket, and the settings
// that point the S3 driver at it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/config.js';

export async function startS3TestServer() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'library-s3-'));
  const bucket = 'library-test';
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    /** the objects the server holds (its own on-disk layout), to check nothing is left behind */
    async objectCount() {
      const files = fs.readdirSync(path.join(directory, bucket), { recursive: true });
      return files.filter((name) => String(name).endsWith('._S3rver_object')).length;
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
