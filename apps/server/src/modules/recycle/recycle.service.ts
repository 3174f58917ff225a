// The recycle bin: listing what a user may see, restoring an item to where it was, deleting it
// forever, and the purge of items older than `recycleRetentionDays`. Items are spaces, tree
// nodes, files (the file module does the file side) and teams (the address book's side).
import {
  ErrorCode,
  type Quotas,
  recycleRetentionDays,
  type RecycleList,
  type RestoreResult,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import { positionBetween } from '../../lib/position.js';
import { deleteSpaceIndex } from '../ai/index.js';
import { deleteSpaceFromSearch } from '../search/index.js';
import { destroyTeamItem, restoreTeamItem, teamsOfItems } from '../addrbook/index.js';
import {
  destroyFileItem,
  destroyFilesOfPages,
  destroyFilesOfSpace,
  restoreFileItem,
} from '../file/index.js';
import { rolesInSpaces, roleInSpace } from '../space/index.js';
import { spaceIconKey } from '../space/index.js';
import { can } from '../space/index.js';
import { indexContent } from '../tree/index.js';
import { presentRecycleItem } from './recycle.presenter.js';
import { recycleAbilities, teamRecycleAbilities, type RecycleRow } from './recycle.policy.js';
import * as repo from './recycle.repo.js';

const dayMs = 24 * 60 * 60 * 1000;
const notFound = () => new AppError(ErrorCode.dataMissing);

export async function listRecycleItems(
  db: Database,
  userId: number,
  query: { page: number; pageSize: number; keywords: string },
): Promise<RecycleList> {
  const roles = await rolesInSpaces(db, userId);
  const scope: repo.RecycleScope = { userId, owned: [], managed: [], member: [] };
  for (const [spaceId, role] of roles) {
    scope.member.push(spaceId);
    if (can(role, 'manage')) scope.managed.push(spaceId);
    if (can(role, 'delete')) scope.owned.push(spaceId);
  }
  const { rows, total } = await repo.listVisibleItems(db, scope, query);
  const isNode = (kind: RecycleRow['kind']) => kind !== 'space' && kind !== 'team';
  const paths = await repo.topicPaths(
    db,
    rows.filter((row) => isNode(row.item.kind)).map((row) => row.item.targetId),
  );
  const teamsOf = await teamsOfItems(
    db,
    rows.filter((row) => row.item.kind === 'team').map((row) => row.item.targetId),
  );
  const list = rows.map((row) => {
    if (row.item.kind === 'team') {
      const team = teamsOf.get(row.item.targetId);
      return presentRecycleItem(row, {
        path: team?.path ?? [],
        abilities: teamRecycleAbilities(userId, row.item, team?.ownerId ?? null),
      });
    }
    return presentRecycleItem(row, {
      path: isNode(row.item.kind) ? (paths.get(row.item.targetId) ?? []) : [],
      abilities: recycleAbilities(
        userId,
        row.item,
        row.item.spaceId ? (roles.get(row.item.spaceId) ?? null) : null,
      ),
    });
  });
  return { list, total, page: query.page, pageSize: query.pageSize };
}

/** Loads an item the caller may act on, locked for the rest of the transaction. */
async function lockedItem(tx: Executor, userId: number, recycleId: string) {
  const item = await repo.findItem(tx, recycleId, true);
  if (!item) throw notFound();
  if (item.spaceId === null) {
    const team = (await teamsOfItems(tx, [item.targetId])).get(item.targetId);
    const abilities = teamRecycleAbilities(userId, item, team?.ownerId ?? null);
    if (!abilities.canSee) throw notFound();
    return { item, space: null, abilities };
  }
  const space = await repo.findSpace(tx, item.spaceId, true);
  if (!space) throw notFound();
  const abilities = recycleAbilities(userId, item, await roleInSpace(tx, userId, item.spaceId));
  if (!abilities.canSee) throw notFound();
  return { item, space, abilities };
}

/**
 * Puts an item back where it was: a space comes back live; a topic, page or link (with the nodes
 * deleted together with it) goes back under its topic, or to the end of the space root when that
 * topic is gone. Nodes inside a deleted space wait for the space: 400 + 700009. A team comes back
 * with its sub-teams and members under its parent team (addrbook/team.recycle.ts).
 */
export async function restoreRecycleItem(
  db: Database,
  userId: number,
  recycleId: string,
  site: Quotas,
): Promise<RestoreResult> {
  return db.transaction(async (tx) => {
    const { item, space, abilities } = await lockedItem(tx, userId, recycleId);
    if (!abilities.canRestore) throw notFound();
    if (space === null) {
      const { parentId } = await restoreTeamItem(tx, userId, item, site);
      await repo.deleteItem(tx, item.id);
      const { id, kind, targetId } = item;
      return { recycleId: id, kind, targetId, spaceId: null, parentId, movedToRoot: false };
    }
    const spaceId = space.id;
    const result = {
      recycleId: item.id,
      kind: item.kind,
      targetId: item.targetId,
      spaceId: spaceId,
      parentId: null as string | null,
      movedToRoot: false,
    };
    if (item.kind === 'space') {
      await repo.undeleteSpace(tx, spaceId);
      await repo.deleteItem(tx, item.id);
      await enqueueJob(tx, Job.reindexSpace, { spaceId: spaceId }, { key: spaceId });
      return result;
    }
    if (space.deletedAt) {
      throw new AppError(ErrorCode.operationNotAllowed, {
        status: 400,
        detail: 'the space is in the recycle bin; restore the space first',
      });
    }
    if (item.kind === 'file') {
      await restoreFileItem(tx, item.id);
      await repo.deleteItem(tx, item.id);
      return result;
    }
    const root = await repo.findNode(tx, item.targetId);
    if (!root || root.recycleItemId !== item.id) throw notFound();

    let parentId = root.parentId;
    if (parentId) {
      const parent = await repo.findNode(tx, parentId);
      const parentLive =
        parent && !parent.deletedAt && parent.type === 'topic' && parent.spaceId === root.spaceId;
      if (!parentLive) parentId = null;
    }
    result.movedToRoot = root.parentId !== null && parentId === null;
    result.parentId = parentId;
    const position = result.movedToRoot
      ? positionBetween(await repo.lastLivePosition(tx, root.spaceId, null), null)
      : await freePosition(tx, root.spaceId, parentId, root.position);
    if (parentId !== root.parentId || position !== root.position) {
      await repo.placeNode(tx, root.id, { parentId, position });
    }
    const restored = await repo.undeleteNodes(tx, item.id);
    await repo.deleteItem(tx, item.id);
    await indexContent(tx, restored);
    return result;
  });
}

/**
 * The node's old position, unless a sibling made while it was in the bin took that key (new
 * nodes are placed among live siblings only); then just after that sibling.
 */
async function freePosition(
  tx: Executor,
  spaceId: string,
  parentId: string | null,
  position: string,
) {
  const { taken, next } = await repo.livePositionsFrom(tx, spaceId, parentId, position);
  return taken ? positionBetween(position, next) : position;
}

/**
 * Deletes an item and what it stands for (files uploaded into its pages too; their bytes, and a
 * space's uploaded icon, go in a job after commit); false when another purge or restore got it
 * first. A space's AI and search indexes go first, set-based (a statement per table; measured
 * in docs/performance.md, 'Purging a space with a large AI index'); nodes' go by cascade.
 */
async function destroyItem(tx: Executor, item: RecycleRow): Promise<boolean> {
  if (!(await repo.deleteItem(tx, item.id))) return false;
  const { spaceId } = item;
  if (spaceId === null) {
    await destroyTeamItem(tx, item);
  } else if (item.kind === 'space') {
    await destroyFilesOfSpace(tx, spaceId);
    await deleteSpaceIndex(tx, spaceId);
    await deleteSpaceFromSearch(tx, spaceId);
    const iconKey = spaceIconKey(spaceId, await repo.destroySpace(tx, spaceId));
    if (iconKey) await enqueueJob(tx, Job.removeSpaceIcon, { key: iconKey });
  } else if (item.kind === 'file') {
    await destroyFileItem(tx, item.id);
  } else {
    await destroyFilesOfPages(tx, await repo.nodeIdsOfItem(tx, { id: item.id, spaceId }));
    await repo.destroyNodes(tx, { id: item.id, spaceId });
  }
  return true;
}

/** `DELETE /api/v1/recycle/{id}`: delete forever, in one transaction. */
export async function purgeRecycleItem(db: Database, userId: number, recycleId: string) {
  await db.transaction(async (tx) => {
    const { item, abilities } = await lockedItem(tx, userId, recycleId);
    if (!abilities.canPurge) throw notFound();
    await destroyItem(tx, item);
  });
}

/**
 * Deletes forever every item deleted more than `recycleRetentionDays` before `now`, one
 * transaction per item. Running it twice, or on two instances at once, is harmless: an item is
 * claimed by deleting its row first, and whoever finds it gone skips it.
 */
export async function purgeExpiredRecycleItems(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - recycleRetentionDays * dayMs);
  let purged = 0;
  for (;;) {
    const batch = await repo.expiredItems(db, cutoff, 100);
    if (batch.length === 0) return purged;
    for (const item of batch) {
      if (await db.transaction((tx) => destroyItem(tx, item))) purged += 1;
    }
  }
}
