// Drizzle queries of the content tree (space_nodes). Sibling order is by `position` under the
// "C" collation; positions are computed among ALL siblings, deleted ones included, so a node
// restored from the recycle bin never collides with one created after it was deleted.
import type { Block } from '@library/contract';
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Executor } from '../../db/database.js';
import { pageBlocks, recycleItems, spaceNodes, spaces, users } from '../../db/schema/index.js';
import { byPosition } from '../../lib/position.js';
import type { NodeRow } from '../space/index.js';
import { shownNodesSql, type Audience } from '../space/index.js';
import type { TreeRow } from './tree.presenter.js';

export type NewNode = typeof spaceNodes.$inferInsert;

const inParent = (spaceId: string, parentId: string | null): SQL | undefined =>
  and(
    eq(spaceNodes.spaceId, spaceId),
    parentId === null ? isNull(spaceNodes.parentId) : eq(spaceNodes.parentId, parentId),
  );

/**
 * A node as the tree query aggregates it: id, parentId, type, name, avatar, url, published,
 * visitorsClosed.
 */
type TreeTuple = [
  string,
  string | null,
  NodeRow['type'],
  string,
  string | null,
  string | null,
  boolean,
  boolean,
];

/**
 * How the tree query hands over its rows: PGlite pays a large cost per result row (10,000 rows
 * take about twice as long as one row holding the same data), so it gets them aggregated into one
 * JSON text; PostgreSQL pays little per row but more for building that JSON (10,000 nodes: plain
 * rows 14 ms, the JSON row 23 ms), so it gets plain rows.
 */
export type TreeRowsShape = 'rows' | 'one-json-row';

/**
 * Every live node of a space in sibling order (position, then id for equal keys), in one query
 * served by space_nodes_space_parent_idx (space_id leads it); the tree is built in memory.
 * `published`: whether a page has a published version (readers and visitors see no others).
 */
export async function liveTreeRows(db: Executor, spaceId: string, shape: TreeRowsShape) {
  const live = and(eq(spaceNodes.spaceId, spaceId), isNull(spaceNodes.deletedAt));
  if (shape === 'rows') {
    // raw rows as the driver makes them (mapping 10,000 rows through the query builder costs
    // about a quarter of the query again)
    return queryRows<TreeRow & { published: boolean }>(
      db,
      sql`select ${spaceNodes.id}, ${spaceNodes.parentId} as "parentId", ${spaceNodes.type},
          ${spaceNodes.name}, ${spaceNodes.avatar}, ${spaceNodes.url},
          ${spaceNodes.publishedVersion} is not null as published,
          ${spaceNodes.visitorsClosed} as "visitorsClosed"
        from ${spaceNodes} where ${live}
        order by ${byPosition(spaceNodes.position)}, ${spaceNodes.id}`,
    );
  }
  const [row] = await db
    .select({
      nodes: sql<string | null>`json_agg(json_build_array(
        ${spaceNodes.id}, ${spaceNodes.parentId}, ${spaceNodes.type}, ${spaceNodes.name},
        ${spaceNodes.avatar}, ${spaceNodes.url}, ${spaceNodes.publishedVersion} is not null,
        ${spaceNodes.visitorsClosed}
      ) order by ${byPosition(spaceNodes.position)}, ${spaceNodes.id})::text`,
    })
    .from(spaceNodes)
    .where(live);
  const tuples = row?.nodes ? (JSON.parse(row.nodes) as TreeTuple[]) : [];
  return tuples.map(([id, parentId, type, name, avatar, url, published, visitorsClosed]) => ({
    id,
    parentId,
    type,
    name,
    avatar,
    url,
    published,
    visitorsClosed,
  }));
}

/**
 * Takes the space's row lock for the transaction: changes to one space's tree run one after
 * another, so two moves cannot make a cycle and two creates cannot get the same position.
 * (`no key update` does not block inserts elsewhere that reference the space.)
 */
export async function lockSpace(tx: Executor, spaceId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), isNull(spaces.deletedAt)))
    .for('no key update');
  return rows.length > 0;
}

export async function liveNode(db: Executor, nodeId: string): Promise<NodeRow | undefined> {
  const [row] = await db
    .select()
    .from(spaceNodes)
    .where(and(eq(spaceNodes.id, nodeId), isNull(spaceNodes.deletedAt)))
    .limit(1);
  return row;
}

/** The last sibling position under `parentId` (deleted siblings included), or null. */
export async function lastPosition(
  db: Executor,
  spaceId: string,
  parentId: string | null,
  exceptId?: string,
): Promise<string | null> {
  const [row] = await db
    .select({ position: spaceNodes.position })
    .from(spaceNodes)
    .where(
      and(inParent(spaceId, parentId), exceptId ? sql`${spaceNodes.id} <> ${exceptId}` : undefined),
    )
    .orderBy(desc(byPosition(spaceNodes.position)))
    .limit(1);
  return row?.position ?? null;
}

/**
 * The sibling position next to `position` under `parentId` — the greatest one below it
 * (`side: 'below'`) or the least one above it — leaving out `exceptId`; null at either end.
 */
export async function neighbourPosition(
  db: Executor,
  spaceId: string,
  parentId: string | null,
  position: string,
  side: 'below' | 'above',
  exceptId: string,
): Promise<string | null> {
  const key = byPosition(spaceNodes.position);
  const [row] = await db
    .select({ position: spaceNodes.position })
    .from(spaceNodes)
    .where(
      and(
        inParent(spaceId, parentId),
        sql`${spaceNodes.id} <> ${exceptId}`,
        side === 'below' ? sql`${key} < ${position}` : sql`${key} > ${position}`,
      ),
    )
    .orderBy(side === 'below' ? desc(key) : asc(key))
    .limit(1);
  return row?.position ?? null;
}

/**
 * The chain from `nodeId` up to the space root (the node itself included), live or not.
 * `union` (not `union all`) makes the walk stop even on corrupt data with a cycle.
 */
export function ancestry(db: Executor, nodeId: string) {
  return db
    .select({ id: spaceNodes.id, deletedAt: spaceNodes.deletedAt, type: spaceNodes.type })
    .from(spaceNodes).where(sql`${spaceNodes.id} in (
      with recursive up(id, parent_id) as (
        select id, parent_id from space_nodes where id = ${nodeId}
        union
        select n.id, n.parent_id from space_nodes n join up on n.id = up.parent_id
      )
      select id from up)`);
}

/** Inserts nodes in a few statements, answering their rows in the order given. */
export async function insertNodes(db: Executor, values: NewNode[]): Promise<NodeRow[]> {
  const rows: NodeRow[] = [];
  for (let start = 0; start < values.length; start += insertBatch) {
    rows.push(
      ...(await db
        .insert(spaceNodes)
        .values(values.slice(start, start + insertBatch))
        .returning()),
    );
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  return values.map((value) => byId.get(value.id!)!);
}

/** rows per insert: well under PostgreSQL's 65,535 parameters for a node's 13 columns */
const insertBatch = 1000;

/** A new page's draft blocks (the page has none yet). */
export async function insertDraftBlocks(
  db: Executor,
  pageId: string,
  rows: Array<{ blockId: string; position: string; data: Block }>,
  now: Date,
) {
  for (let start = 0; start < rows.length; start += insertBatch) {
    await db
      .insert(pageBlocks)
      .values(
        rows.slice(start, start + insertBatch).map((row) => ({ pageId, ...row, updatedAt: now })),
      );
  }
}

export async function updateNode(
  db: Executor,
  nodeId: string,
  changes: Partial<NewNode>,
): Promise<NodeRow | undefined> {
  const [row] = await db
    .update(spaceNodes)
    .set(changes)
    .where(and(eq(spaceNodes.id, nodeId), isNull(spaceNodes.deletedAt)))
    .returning();
  return row;
}

export async function insertRecycleItem(db: Executor, values: typeof recycleItems.$inferInsert) {
  const [row] = await db.insert(recycleItems).values(values).returning();
  if (!row) throw new Error('recycle item insert returned no row');
  return row;
}

/**
 * Marks a node and its whole live subtree deleted under one recycle item (one statement, a
 * recursive walk down space_nodes_space_parent_idx). Nodes deleted earlier are not walked into
 * and keep their own recycle item. Returns the ids marked.
 */
export async function deleteSubtree(
  db: Executor,
  node: Pick<NodeRow, 'id' | 'spaceId'>,
  mark: { deletedAt: Date; deletedBy: number; recycleItemId: string },
): Promise<string[]> {
  const rows = await db
    .update(spaceNodes)
    .set(mark)
    .where(
      and(
        isNull(spaceNodes.deletedAt),
        sql`${spaceNodes.id} in (
          with recursive down(id) as (
            select id from space_nodes where id = ${node.id} and deleted_at is null
            union
            select n.id from space_nodes n join down on n.parent_id = down.id
            where n.space_id = ${node.spaceId} and n.deleted_at is null
          )
          select id from down)`,
      ),
    )
    .returning({ id: spaceNodes.id });
  return rows.map((row) => row.id);
}

/** The live nodes under a topic that the audience sees. */
export async function liveChildCount(
  db: Executor,
  spaceId: string,
  topicId: string,
  audience: Audience,
) {
  const [row] = await db
    .select({ value: count() })
    .from(spaceNodes)
    .where(and(inParent(spaceId, topicId), isNull(spaceNodes.deletedAt), shownNodesSql(audience)));
  return row?.value ?? 0;
}

const updater = alias(users, 'updater');

/**
 * Live nodes directly under `parentId` (the root when null) that the audience sees, with their
 * creator and editor.
 */
export function liveChildrenWithUsers(
  db: Executor,
  spaceId: string,
  parentId: string | null,
  audience: Audience,
) {
  return db
    .select({
      id: spaceNodes.id,
      type: spaceNodes.type,
      name: spaceNodes.name,
      url: spaceNodes.url,
      avatar: spaceNodes.avatar,
      position: spaceNodes.position,
      publishedVersion: spaceNodes.publishedVersion,
      createdAt: spaceNodes.createdAt,
      updatedAt: spaceNodes.updatedAt,
      createdBy: { userId: users.id, nickname: users.nickname },
      updatedBy: { userId: updater.id, nickname: updater.nickname },
    })
    .from(spaceNodes)
    .innerJoin(users, eq(users.id, spaceNodes.createdBy))
    .leftJoin(updater, eq(updater.id, spaceNodes.updatedBy))
    .where(and(inParent(spaceId, parentId), isNull(spaceNodes.deletedAt), shownNodesSql(audience)));
}

export async function userNickname(db: Executor, userId: number) {
  const [row] = await db
    .select({ nickname: users.nickname })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.nickname ?? '';
}
