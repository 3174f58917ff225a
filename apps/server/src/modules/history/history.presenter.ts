import type { HistoryItem } from '@library/contract';
import type { VisitRow } from './history.repo.js';

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
