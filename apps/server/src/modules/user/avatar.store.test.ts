// The avatar store on a real local directory: images only, and a replacement that never leaves
// an image behind, whether the owner's row was switched or not.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@library/contract';
import { createStorage } from '../../infra/storage/storage.js';
import { contentTypeOfKey, createAvatarStore } from './avatar.store.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-avatars-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const avatars = createAvatarStore(
  createStorage({ dataDir, storage: 'local', s3: undefined }, 'avatars'),
);
const stored = () => fs.readdirSync(path.join(dataDir, 'avatars')).sort();

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const webp = Buffer.concat([
  Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L', 'latin1'),
  Buffer.alloc(18),
]);

describe('avatar store', () => {
  it('keeps PNG and WebP images under DATA_DIR/avatars with their type', async () => {
    const first = await avatars.save(Readable.from([png]));
    const second = await avatars.save(Readable.from([webp]));
    expect(contentTypeOfKey(first)).toBe('image/png');
    expect(contentTypeOfKey(second)).toBe('image/webp');
    expect(stored()).toEqual([first, second].sort());
    await avatars.remove(first);
    await avatars.remove(second);
  });

  it('refuses what is not an image, naming the types it takes', async () => {
    await expect(
      avatars.save(Readable.from([Buffer.from('%PDF-1.7 not an image')])),
    ).rejects.toMatchObject({
      code: ErrorCode.fileTypeUnsupported,
      options: { detail: 'png, jpeg, gif, webp' },
    });
    expect(stored()).toEqual([]);
  });

  it('replaces: the old image goes once the switch succeeded', async () => {
    const old = await avatars.save(Readable.from([png]));
    const key = await avatars.replace(Readable.from([webp]), async () => old);
    expect(stored()).toEqual([key]);
    await avatars.remove(key);
  });

  it('replaces: a failed switch takes the new image away and keeps the old one', async () => {
    const old = await avatars.save(Readable.from([png]));
    await expect(
      avatars.replace(Readable.from([webp]), async () => {
        throw new Error('the row could not be written');
      }),
    ).rejects.toThrow('the row could not be written');
    expect(stored()).toEqual([old]);
    await avatars.remove(old);
  });
});
