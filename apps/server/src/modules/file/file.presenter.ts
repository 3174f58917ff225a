import type { FileAbilities, SpaceFile } from '@library/contract';
import { avatarPath } from '../user/index.js';
import type { ListedFile } from './file.repo.js';

export function presentFile(
  row: ListedFile,
  extra: { pages: Array<{ pageId: string; name: string }>; abilities: FileAbilities },
): SpaceFile {
  const { file, uploader } = row;
  return {
    fileId: file.id,
    spaceId: file.spaceId,
    name: file.name,
    size: file.size,
    mimeType: file.mimeType,
    kind: file.kind,
    uploader: {
      userId: String(uploader.id),
      nickname: uploader.nickname,
      avatar: avatarPath(uploader),
    },
    createdAt: file.createdAt.toISOString(),
    pageId: file.pageId,
    pages: extra.pages,
    textStatus: file.textStatus,
    abilities: extra.abilities,
  };
}
