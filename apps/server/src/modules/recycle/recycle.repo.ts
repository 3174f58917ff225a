// Drizzle queries of the recycle bin: the items a user may see, the deleted nodes they stand for,
// and the hard deletes of purging. Team items (no space) are the address book's
// (addrbook/team.recycle.ts); here they are only listed.
import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { recycleItems, spaceNodes, spaces, teams, users, visits } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/search-pattern.js';
import { byPosition } from '../../lib/position.js';
import type { RecycleRow } from './recycle.policy.js';

/** Which spaces' items a user may see, by the user's role in them. */
export interface RecycleScope {
  userId: number;
  /** spaces the user owns: their deleted space and every node item */
  owned: string[];
  /** spaces the user administers or owns: every node item */
  managed: string[];
  /** spaces the user belongs to: the user's own node deletions */
  member: string[];
}

const within = (ids: string[]): SQL =>
  ids.length > 0 ? inArray(recycleItems.spaceId, ids) : sql`false`;

function visibleTo(scope: RecycleScope, keywords: string): SQL | undefined {
  return and(
    or(
      and(eq(recycleItems.kind, 'space'), within(scope.owned)),
      and(
        ne(recycleItems.kind, 'space'),
        ne(recycleItems.kind, 'team'),
        or(
          within(scope.managed),
          and(eq(recycleItems.deletedBy, scope.userId), within(scope.member)),
        ),
      ),
      // a team: its owner's, and seen by whoever deleted it
      and(
        eq(recycleItems.kind, 'team'),
        or(
          eq(recycleItems.deletedBy, scope.userId),
          sql`exists (select 1 from ${teams} t where t.id = ${recycleItems.targetId}
            and t.owner_id = ${scope.userId})`,
        ),
      ),
    ),
    keywords ? ilike(recycleItems.name, containsPattern(keywords)) : undefined,
  );
}

export async function listVisibleItems(
  db: Executor,
  scope: RecycleScope,
  options: { keywords: string; page: number; pageSize: number },
) {
  const where = visibleTo(scope, options.keywords);
  const rows = await db
    .select({
      item: recycleItems,
      space: { name: spaces.name, deletedAt: spaces.deletedAt },
      deleter: { id: users.id, nickname: users.nickname, avatarKey: users.avatarKey },
    })
    .from(recycleItems)
    .leftJoin(spaces, eq(spaces.id, recycleItems.spaceId))
    .innerJoin(users, eq(users.id, recycleItems.deletedBy))
    .where(where)
    .orderBy(desc(recycleItems.deletedAt), desc(recycleItems.id))
    .limit(options.pageSize)
    .offset(options.page * options.pageSize);
  const [total] = await db.select({ value: count() }).from(recycleItems).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findItem(db: Executor, id: string, lock = false) {
  const query = db.select().from(recycleItems).where(eq(recycleItems.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Deletes the item; false when it was already gone (restored or purged meanwhile). */
export async function deleteItem(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .delete(recycleItems)
    .where(eq(recycleItems.id, id))
    .returning({ id: recycleItems.id });
  return rows.length > 0;
}

/** Items deleted before `cutoff`, oldest first. */
export async function expiredItems(db: Executor, cutoff: Date, limit: number) {
  return db
    .select()
    .from(recycleItems)
    .where(lt(recycleItems.deletedAt, cutoff))
    .orderBy(recycleItems.deletedAt, recycleItems.id)
    .limit(limit);
}

/** The space, live or deleted; `lock` holds its row as the tree's changes do (tree.repo). */
export async function findSpace(db: Executor, spaceId: string, lock = false) {
  const query = db.select().from(spaces).where(eq(spaces.id, spaceId)).limit(1);
  const [row] = lock ? await query.for('no key update') : await query;
  return row;
}

export async function findNode(db: Executor, nodeId: string) {
  const [row] = await db.select().from(spaceNodes).where(eq(spaceNodes.id, nodeId)).limit(1);
  return row;
}

/**
 * For each node, the names of the topics it sits in, from the space root (deleted topics
 * included: it is where the node was). A topic purged meanwhile ends the path.
 */
export async function topicPaths(db: Executor, nodeIds: string[]) {
  const known = new Map<string, { parentId: string | null; name: string }>();
  let wanted = [...new Set(nodeIds)];
  // one query per tree level; the bound only guards against a corrupt cycle
  for (let level = 0; wanted.length > 0 && level < 64; level += 1) {
    const rows = await db
      .select({ id: spaceNodes.id, parentId: spaceNodes.parentId, name: spaceNodes.name })
      .from(spaceNodes)
      .where(inArray(spaceNodes.id, wanted));
    for (const row of rows) known.set(row.id, row);
    wanted = [
      ...new Set(
        rows.flatMap((row) => (row.parentId && !known.has(row.parentId) ? [row.parentId] : [])),
      ),
    ];
  }
  const paths = new Map<string, string[]>();
  for (const nodeId of nodeIds) {
    const names: string[] = [];
    const seen = new Set([nodeId]);
    let parentId = known.get(nodeId)?.parentId ?? null;
    while (parentId && !seen.has(parentId)) {
      const parent = known.get(parentId);
      if (!parent) break;
      seen.add(parentId);
      names.unshift(parent.name);
      parentId = parent.parentId;
    }
    paths.set(nodeId, names);
  }
  return paths;
}

const siblingsOf = (spaceId: string, parentId: string | null) =>
  and(
    eq(spaceNodes.spaceId, spaceId),
    parentId === null ? isNull(spaceNodes.parentId) : eq(spaceNodes.parentId, parentId),
    isNull(spaceNodes.deletedAt),
  );

/** The last position among the live children of `parentId` (null = the space root). */
export async function lastLivePosition(db: Executor, spaceId: string, parentId: string | null) {
  const [row] = await db
    .select({ position: spaceNodes.position })
    .from(spaceNodes)
    .where(siblingsOf(spaceId, parentId))
    .orderBy(desc(byPosition(spaceNodes.position)))
    .limit(1);
  return row?.position ?? null;
}

/** Whether a live child of `parentId` holds `position`, and the next live position after it. */
export async function livePositionsFrom(
  db: Executor,
  spaceId: string,
  parentId: string | null,
  position: string,
) {
  const rows = await db
    .select({ position: spaceNodes.position })
    .from(spaceNodes)
    .where(
      and(siblingsOf(spaceId, parentId), sql`${byPosition(spaceNodes.position)} >= ${position}`),
    )
    .orderBy(byPosition(spaceNodes.position))
    .limit(2);
  const taken = rows[0]?.position === position;
  const next = rows.find((row) => row.position !== position)?.position ?? null;
  return { taken, next };
}

export async function placeNode(
  db: Executor,
  nodeId: string,
  place: { parentId: string | null; position: string },
) {
  await db.update(spaceNodes).set(place).where(eq(spaceNodes.id, nodeId));
}

/** Brings back every node deleted by the item. */
/** Brings back the nodes deleted together by an item, answering them. */
export function undeleteNodes(db: Executor, recycleItemId: string) {
  return db
    .update(spaceNodes)
    .set({ deletedAt: null, deletedBy: null, recycleItemId: null })
    .where(eq(spaceNodes.recycleItemId, recycleItemId))
    .returning();
}

export async function undeleteSpace(db: Executor, spaceId: string) {
  await db
    .update(spaces)
    .set({ deletedAt: null, deletedBy: null, updatedAt: new Date() })
    .where(eq(spaces.id, spaceId));
}

/** Ids of the nodes deleted together by an item. */
export async function nodeIdsOfItem(
  db: Executor,
  item: Pick<RecycleRow, 'id'> & { spaceId: string },
) {
  const rows = await db
    .select({ id: spaceNodes.id })
    .from(spaceNodes)
    .where(and(eq(spaceNodes.recycleItemId, item.id), eq(spaceNodes.spaceId, item.spaceId)));
  return rows.map((row) => row.id);
}

/** Hard-deletes the nodes of an item; blocks, versions and comments go with them (cascade). */
export async function destroyNodes(
  db: Executor,
  item: Pick<RecycleRow, 'id'> & { spaceId: string },
) {
  const ofItem = and(eq(spaceNodes.recycleItemId, item.id), eq(spaceNodes.spaceId, item.spaceId));
  await db
    .delete(visits)
    .where(
      and(
        eq(visits.targetType, 'page'),
        inArray(visits.targetId, db.select({ id: spaceNodes.id }).from(spaceNodes).where(ofItem)),
      ),
    );
  await db.delete(spaceNodes).where(ofItem);
}

/**
 * Hard-deletes a deleted space and everything in it (cascade; its AI and search indexes are
 * deleted before, set-based); a live space is left alone. Answers the space's icon.
 */
export async function destroySpace(db: Executor, spaceId: string) {
  const [row] = await db
    .delete(spaces)
    .where(and(eq(spaces.id, spaceId), isNotNull(spaces.deletedAt)))
    .returning({ icon: spaces.icon });
  return row?.icon ?? null;
}

export type ListedItem = Awaited<ReturnType<typeof listVisibleItems>>['rows'][number];
