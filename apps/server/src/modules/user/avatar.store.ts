// Avatar images — users' avatars and spaces' uploaded icons — in their own storage area (local:
// DATA_DIR/avatars/<key>, S3: avatars/<key> in the bucket). Uploads stream through the files'
// upload meter: at most 2 MB, images only (PNG, JPEG, GIF, WebP, sniffed from the bytes by the
// files' sniffer, never taken from the client), stored under a generated key once complete.
// `replace` is the one way an owner's image changes: the new image is stored, the owner's row
// switched in the caller's transaction, then the old image removed; a failed switch removes
// the new image, so nothing is left behind either way.
import type { Readable } from 'node:stream';
import { ErrorCode } from '@library/contract';
import { AppError } from '../../http/app-error.js';
import { storageKeys, type StorageDriver } from '../../infra/storage/storage-driver.js';
import { sniffType } from '../../infra/storage/sniff.js';
import { meterUpload, UploadMeter } from '../../infra/storage/upload-meter.js';

export const avatarMaxBytes = 2 * 1024 * 1024;

const extensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** The image type of the first bytes, when it is one we keep. */
function sniffImage(head: Buffer) {
  const { mimeType } = sniffType(head, '', false);
  const ext = extensions[mimeType];
  return ext ? { type: mimeType, ext } : undefined;
}

export function contentTypeOfKey(key: string) {
  const ext = key.split('.').pop();
  const found = Object.entries(extensions).find(([, known]) => known === ext);
  return found?.[0] ?? 'application/octet-stream';
}

/** Keys as kept in `users.avatar_key` (`<hex>.<ext>`); storage holds them under `avatars/`. */
const keyPattern = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;
const storageKeyOf = (key: string) => {
  if (!keyPattern.test(key)) throw new Error(`invalid avatar key ${key}`);
  return `avatars/${key}`;
};

/** The store over the `avatars` storage area (`createStorage(config, 'avatars')`). */
export function createAvatarStore(storage: StorageDriver) {
  const store = {
    /** Streams an image into storage; answers its key or throws 700107, 602001 or 602002. */
    async save(file: Readable): Promise<string> {
      const meter = new UploadMeter(
        [{ code: ErrorCode.quotaSingleFileSize, bytesLeft: avatarMaxBytes }],
        'avatar',
        (head) => head.length < 12 || sniffImage(head) !== undefined,
      );
      const temp = storageKeys.temp();
      try {
        await storage.put(temp, meterUpload(file, meter));
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
    /**
     * Stores the image, then `swap(key)` writes the new key to its owner and answers the key it
     * replaced (null for none) — in a transaction of the caller's. The replaced image goes once
     * the swap committed; a failed swap takes the new image away again.
     */
    async replace(file: Readable, swap: (key: string) => Promise<string | null>) {
      const key = await store.save(file);
      let previous: string | null;
      try {
        previous = await swap(key);
      } catch (error) {
        await store.remove(key).catch(() => undefined);
        throw error;
      }
      // a leftover image is harmless; a failure to remove it must not fail the change
      if (previous && previous !== key) await store.remove(previous).catch(() => undefined);
      return key;
    },
  };
  return store;
}
export type AvatarStore = ReturnType<typeof createAvatarStore>;
