// Avatar images on local disk under DATA_DIR/avatars. Keys are generated; the type is sniffed
// from the bytes, never taken from the client. (The files feature brings the general storage.)
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

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

export function createAvatarStore(dataDir: string) {
  const dir = path.join(dataDir, 'avatars');
  const keyPattern = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;
  const fileOf = (key: string) => {
    if (!keyPattern.test(key)) throw new Error(`invalid avatar key ${key}`);
    return path.join(dir, key);
  };
  return {
    /** Stores an image; returns undefined when the bytes are not a supported image. */
    async save(bytes: Buffer): Promise<string | undefined> {
      const kind = sniffImage(bytes);
      if (!kind) return undefined;
      await fs.mkdir(dir, { recursive: true });
      const key = `${crypto.randomBytes(16).toString('hex')}.${kind.ext}`;
      const temp = `${fileOf(key)}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, fileOf(key));
      return key;
    },
    async remove(key: string) {
      await fs.rm(fileOf(key), { force: true });
    },
    path: fileOf,
  };
}
export type AvatarStore = ReturnType<typeof createAvatarStore>;
