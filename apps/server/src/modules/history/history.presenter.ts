import type { ChangedPage, HistoryItem } from '@library/contract';
import { avatarPath } from '../user/index.js';
import type { changedSinceVisit, VisitRow } from './history.repo.js';

type ChangedRow = Awaited<ReturnType<typeof changedSinceVisit>>[number];

export function presentHistoryItem(row: VisitRow): HistoryItem {
  const page = row.targetType === 'page';
  return {
    targetType: row.targetType,
    targetId: row.targetId,
    spaceId: row.spaceId,
    name: page ? (row.pageName ?? '') : row.spaceName,
    spaceName: row.spaceName,
    avatar: page ? row.pageAvatar : row.spaceIcon,
    visitedAt: row.visitedAt.toISOString(),
  };
}

export function presentChangedPage(row: ChangedRow): ChangedPage {
  return {
    pageId: row.pageId,
    spaceId: row.spaceId,
    spaceName: row.spaceName,
    title: row.title,
    avatar: row.avatar,
    version: row.version,
    versionName: row.versionName,
    publishedAt: row.publishedAt.toISOString(),
    publishedBy: {
      userId: String(row.publisherId),
      nickname: row.publisherNickname,
      avatar: avatarPath({ id: row.publisherId, avatarKey: row.publisherAvatarKey }),
    },
    visitedAt: row.visitedAt.toISOString(),
  };
}
