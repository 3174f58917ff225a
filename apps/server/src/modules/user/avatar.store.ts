// Avatar images in the file storage (local: DATA_DIR/avatars/<key>, S3: avatars/<key> in the
// bucket). Uploads stream through the files' upload meter: at most 2 MB, images only (PNG,
// JPEG, GIF, WebP sniffed from the bytes, never taken from the client), stored under a
// generated key once complete.
import type { Readable } from 'node:stream';
import { ErrorCode } from '@library/contract';
import type { Config } from '../../config.js';
import { AppError } from '../../http/app-error.js';
import { createLocalDriver } from '../../infra/storage/local-driver.js';
import { createS3Driver } from '../../infra/storage/s3-driver.js';
import { storageKeys } from '../../infra/storage/storage-driver.js';
import { UploadMeter } from '../file/file.upload.js';

export const avatarMaxBytes = 2 * 1024 * 1024;

const signatures: Array<{ type: string; ext: string; test: (b: Buffer) => boolean }> = [
  {
    type: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/gif',
    ext: 'gif',
    test: (b) => b.subarray(0, 6).toString('latin1').startsWith('GIF8'),
  },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export function sniffImage(bytes: Buffer) {
  return signatures.find((signature) => signature.test(bytes));
}

export function contentTypeOfKey(key: string) {
  const ext = key.split('.').pop();
  return signatures.find((signature) => signature.ext === ext)?.type ?? 'application/octet-stream';
}

/** Keys as kept in `users.avatar_key` (`<hex>.<ext>`); storage holds them under `avatars/`. */
const keyPattern = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;
const storageKeyOf = (key: string) => {
  if (!keyPattern.test(key)) throw new Error(`invalid avatar key ${key}`);
  return `avatars/${key}`;
};

export function createAvatarStore(config: Pick<Config, 'dataDir' | 'storage' | 's3'>) {
  // local avatars stay where they always were: DATA_DIR/avatars
  const storage =
    config.storage === 's3' && config.s3
      ? createS3Driver(config.s3)
      : createLocalDriver(config.dataDir);
  return {
    /** Streams an image into storage; answers its key or throws 700107, 602001 or 602002. */
    async save(file: Readable): Promise<string> {
      const meter = new UploadMeter(
        [{ code: ErrorCode.quotaSingleFileSize, bytesLeft: avatarMaxBytes }],
        'avatar',
        (head) => head.length < 12 || sniffImage(head) !== undefined,
      );
      file.on('error', (error) => meter.destroy(error));
      meter.on('error', () => undefined);
      const temp = storageKeys.temp();
      try {
        await storage.put(temp, file.pipe(meter));
        const kind = sniffImage(meter.head());
        if (meter.bytes === 0) throw new AppError(ErrorCode.emptyFileUnsupported);
        if (!kind)
          throw new AppError(ErrorCode.fileTypeUnsupported, { detail: 'png, jpeg, gif, webp' });
        const key = storageKeys.avatar(kind.ext).slice('avatars/'.length);
        await storage.move(temp, storageKeyOf(key));
        return key;
      } catch (error) {
        await storage.remove(temp).catch(() => undefined);
        if (error instanceof AppError && error.code === ErrorCode.fileTypeUnsupported) {
          throw new AppError(ErrorCode.fileTypeUnsupported, { detail: 'png, jpeg, gif, webp' });
        }
        throw error;
      }
    },
    async remove(key: string) {
      await storage.remove(storageKeyOf(key));
    },
    read(key: string) {
      return storage.read(storageKeyOf(key));
    },
  };
}
export type AvatarStore = ReturnType<typeof createAvatarStore>;
