// Who may see, restore and purge a recycle-bin item. Spaces: only their owner. Nodes (topics,
// pages, links) and files: space admins and owners always; the person who deleted it may see it
// while they still belong to the space and restore it while they may still edit there. Purging
// nodes and files is for admins and owners. Teams: their owner (creator) does all three; a
// manager above who deleted it sees it. Anything else looks missing.
import type { SpaceRole } from '@library/contract';
import type { recycleItems } from '../../db/schema/index.js';
import { can } from '../space/index.js';

export type RecycleRow = typeof recycleItems.$inferSelect;

export interface RecycleAbilities {
  canSee: boolean;
  canRestore: boolean;
  canPurge: boolean;
}

export function teamRecycleAbilities(
  userId: number,
  item: Pick<RecycleRow, 'deletedBy'>,
  teamOwnerId: number | null,
): RecycleAbilities {
  const owner = teamOwnerId === userId;
  return { canSee: owner || item.deletedBy === userId, canRestore: owner, canPurge: owner };
}

export function recycleAbilities(
  userId: number,
  item: Pick<RecycleRow, 'kind' | 'deletedBy'>,
  role: SpaceRole | null,
): RecycleAbilities {
  if (item.kind === 'space') {
    const owner = can(role, 'delete');
    return { canSee: owner, canRestore: owner, canPurge: owner };
  }
  const manager = can(role, 'manage');
  const deleter = item.deletedBy === userId;
  return {
    canSee: manager || (deleter && role !== null),
    canRestore: manager || (deleter && can(role, 'edit')),
    canPurge: manager,
  };
}
