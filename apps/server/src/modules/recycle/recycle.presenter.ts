import { recycleRetentionDays, type RecycleItem } from '@library/contract';
import { avatarPath } from '../user/index.js';
import type { RecycleAbilities } from './recycle.policy.js';
import type { ListedItem } from './recycle.repo.js';

const dayMs = 24 * 60 * 60 * 1000;

/** When the purge deletes an item forever. */
export function expiresAt(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + recycleRetentionDays * dayMs);
}

export function presentRecycleItem(
  row: ListedItem,
  extra: { path: string[]; abilities: RecycleAbilities },
): RecycleItem {
  const { item, space, deleter } = row;
  const spaceDeleted = space !== null && space.deletedAt !== null;
  return {
    recycleId: item.id,
    kind: item.kind,
    targetId: item.targetId,
    name: item.name,
    spaceId: item.spaceId,
    spaceName: space?.name ?? null,
    spaceDeleted,
    path: extra.path,
    deletedAt: item.deletedAt.toISOString(),
    deletedBy: {
      userId: String(deleter.id),
      nickname: deleter.nickname,
      avatar: avatarPath(deleter),
    },
    expiresAt: expiresAt(item.deletedAt).toISOString(),
    abilities: {
      // a node cannot come back before its space does
      canRestore: extra.abilities.canRestore && (item.kind === 'space' || !spaceDeleted),
      canPurge: extra.abilities.canPurge,
    },
  };
}
