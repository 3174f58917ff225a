// A space's icon as a picture: its admins upload one image through the avatar store
// (PNG, JPEG, GIF or WebP sniffed from the bytes, at most 2 MB) and its members and visitors read
// it back. The space's `icon` then holds the root-relative path `/v2/space/{id}/icon?v=<key>`
// (the web's image path rule prefixes it with /api); emoji icons stay plain text.
import type { Readable } from 'node:stream';
import { ErrorCode, type SpaceDetail } from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { AvatarStore } from '../user/index.js';
import { accessSpace } from './space-access.js';
import { spaceIconKey, spaceIconPath } from './space-icon.js';
import { getSpace } from './space.service.js';
import * as repo from './space.repo.js';

/** Replaces the icon with the uploaded image; `upload` is read only once access is granted. */
export async function replaceSpaceIcon(
  db: Database,
  avatars: AvatarStore,
  userId: number,
  spaceId: string,
  upload: () => Promise<Readable>,
): Promise<SpaceDetail> {
  // access first: an outsider's bytes are never stored
  await accessSpace(db, userId, spaceId, 'manage');
  await avatars.replace(await upload(), (key) =>
    db.transaction(async (tx) => {
      await accessSpace(tx, userId, spaceId, 'manage');
      // the row lock makes two uploads at once replace each other's image, never leak one
      const icon = await repo.lockSpaceIcon(tx, spaceId);
      await repo.updateSpace(tx, spaceId, { icon: spaceIconPath(spaceId, key) });
      return spaceIconKey(spaceId, icon);
    }),
  );
  return getSpace(db, userId, spaceId);
}

/** The uploaded icon of a space the caller may read; 602003 when its icon is not an image. */
export async function spaceIcon(
  db: Executor,
  avatars: AvatarStore,
  userId: number | null,
  spaceId: string,
) {
  const { space } = await accessSpace(db, userId, spaceId, 'read');
  const key = spaceIconKey(space.id, space.icon);
  if (!key) throw new AppError(ErrorCode.fileMissing);
  return { key, bytes: await avatars.read(key) };
}
