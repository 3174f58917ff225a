// Local storage driver: objects are files under `DATA_DIR/files/<key>`. Writes go to a
// `.part` file that is fsynced and renamed, so a crash never leaves a half object under a key
// (a crash leaves the `.part` file, which `list` reports so the temp sweep deletes it).
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  StorageNotFoundError,
  type ByteRange,
  type StorageDriver,
} from './storage-driver.js';

export function createLocalDriver(root: string): StorageDriver {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

  return {
    name: 'local',
    async put(key, body) {
      const target = fileOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const part = `${target}.${crypto.randomBytes(4).toString('hex')}.part`;
      try {
        await pipeline(
          body,
          fs.createWriteStream(part, { flush: true, highWaterMark: 1024 * 1024 }),
        );
        await fsp.rename(part, target);
      } catch (error) {
        await fsp.rm(part, { force: true });
        throw error;
      }
    },
    async move(from, to) {
      const target = fileOf(to);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(fileOf(from), target).catch((error: unknown) => {
        throw isMissing(error) ? new StorageNotFoundError(from) : error;
      });
    },
    async read(key, range?: ByteRange) {
      const file = fileOf(key);
      // open first so a missing object rejects here instead of failing the response mid-way
      const handle = await fsp.open(file, 'r').catch((error: unknown) => {
        throw isMissing(error) ? new StorageNotFoundError(key) : error;
      });
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async size(key) {
      try {
        return (await fsp.stat(fileOf(key))).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      const dir = path.join(root, prefix);
      const names = await fsp.readdir(dir).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      const objects = [];
      for (const name of names) {
        // a file renamed or removed since readdir is simply no longer there
        const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
        if (stat?.isFile()) objects.push({ key: `${prefix}${name}`, lastModified: stat.mtime });
      }
      return objects;
    },
  };
}
