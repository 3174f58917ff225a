// Drizzle queries for pages: the draft's block rows, published versions and the people named
// on them. No rules here; services decide.
import { and, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Block } from '@library/contract';
import { preparedQuery, type Executor } from '../../db/database.js';
import { pageBlocks, pageVersions, spaceNodes, users } from '../../db/schema/index.js';
import { byPosition } from '../../lib/position.js';
import type { DraftBlockPosition } from './page-block-changes.js';

export type PageVersionRow = typeof pageVersions.$inferSelect;
export type PersonRow = Pick<typeof users.$inferSelect, 'id' | 'nickname' | 'avatarKey'>;

/** Rows per multi-row statement (5 parameters each, well under PostgreSQL's 65,535). */
const chunkSize = 500;

function chunks<T>(items: T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += chunkSize)
    result.push(items.slice(start, start + chunkSize));
  return result;
}

function isBlock(value: unknown): value is Block {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === 'string' && typeof record.type === 'string';
}

/** The blocks held in a jsonb value (a version's snapshot); anything else is skipped. */
export function blocksOf(value: unknown): Block[] {
  return Array.isArray(value) ? value.filter(isBlock) : [];
}

/** The people named on a page (author, last editor): one statement text whatever their number. */
const peopleQuery = preparedQuery((db) =>
  db
    .select({ id: users.id, nickname: users.nickname, avatarKey: users.avatarKey })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::bigint[])`)
    .prepare('page_people'),
);

export async function people(db: Executor, ids: number[]): Promise<Map<number, PersonRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await peopleQuery(db).execute({ ids: unique });
  return new Map(rows.map((row) => [row.id, row]));
}

/** The page's revision and published version, or undefined when it is gone. */
export async function pageState(db: Executor, pageId: string) {
  const [row] = await db
    .select({ revision: spaceNodes.revision, publishedVersion: spaceNodes.publishedVersion })
    .from(spaceNodes)
    .where(and(eq(spaceNodes.id, pageId), isNull(spaceNodes.deletedAt)))
    .limit(1);
  return row;
}

/** Raises the revision only if it still is `baseRevision`; undefined when it is not. */
export async function bumpRevisionFrom(
  db: Executor,
  pageId: string,
  baseRevision: number,
  userId: number,
  now: Date,
) {
  const [row] = await db
    .update(spaceNodes)
    .set({ revision: sql`${spaceNodes.revision} + 1`, updatedAt: now, updatedBy: userId })
    .where(
      and(
        eq(spaceNodes.id, pageId),
        eq(spaceNodes.revision, baseRevision),
        isNull(spaceNodes.deletedAt),
      ),
    )
    .returning({ revision: spaceNodes.revision });
  return row;
}

/** Raises the revision whatever it is (restore); also locks the page row for the transaction. */
export async function bumpRevision(db: Executor, pageId: string, userId: number, now: Date) {
  const [row] = await db
    .update(spaceNodes)
    .set({ revision: sql`${spaceNodes.revision} + 1`, updatedAt: now, updatedBy: userId })
    .where(and(eq(spaceNodes.id, pageId), isNull(spaceNodes.deletedAt)))
    .returning({ revision: spaceNodes.revision });
  return row;
}

/** Locks the page row until the transaction ends (publishing numbers versions one at a time). */
export async function lockPage(db: Executor, pageId: string) {
  const [row] = await db
    .select({ id: spaceNodes.id })
    .from(spaceNodes)
    .where(and(eq(spaceNodes.id, pageId), isNull(spaceNodes.deletedAt)))
    .for('update');
  return row !== undefined;
}

export async function setPublishedVersion(db: Executor, pageId: string, version: number) {
  await db.update(spaceNodes).set({ publishedVersion: version }).where(eq(spaceNodes.id, pageId));
}

/** Clears the published version; false when the page was not published. */
export async function clearPublishedVersion(db: Executor, pageId: string) {
  const rows = await db
    .update(spaceNodes)
    .set({ publishedVersion: null })
    .where(
      and(
        eq(spaceNodes.id, pageId),
        isNull(spaceNodes.deletedAt),
        sql`${spaceNodes.publishedVersion} is not null`,
      ),
    )
    .returning({ id: spaceNodes.id });
  return rows.length > 0;
}

// --- the draft ----------------------------------------------------------------------------------

const draftBlocksQuery = preparedQuery((db) =>
  db
    .select({ data: pageBlocks.data })
    .from(pageBlocks)
    .where(eq(pageBlocks.pageId, sql.placeholder('pageId')))
    .orderBy(byPosition(pageBlocks.position))
    .prepare('page_draft_blocks'),
);

export async function draftBlocks(db: Executor, pageId: string): Promise<Block[]> {
  const rows = await draftBlocksQuery(db).execute({ pageId });
  return blocksOf(rows.map((row) => row.data));
}

/**
 * The draft's blocks as the JSON text of one array, put together by the database: a page opened
 * for reading goes out without being parsed and written again here (they were checked when saved).
 */
const draftBlocksJsonQuery = preparedQuery((db) =>
  db
    .select({
      json: sql<string>`coalesce(json_agg(${pageBlocks.data} order by ${byPosition(pageBlocks.position)}), '[]')::text`,
    })
    .from(pageBlocks)
    .where(eq(pageBlocks.pageId, sql.placeholder('pageId')))
    .prepare('page_draft_blocks_json'),
);

export async function draftBlocksJson(db: Executor, pageId: string): Promise<string> {
  const [row] = await draftBlocksJsonQuery(db).execute({ pageId });
  return row?.json ?? '[]';
}

export async function draftPositions(db: Executor, pageId: string): Promise<DraftBlockPosition[]> {
  return db
    .select({ blockId: pageBlocks.blockId, position: pageBlocks.position })
    .from(pageBlocks)
    .where(eq(pageBlocks.pageId, pageId))
    .orderBy(byPosition(pageBlocks.position));
}

export async function deleteBlocks(db: Executor, pageId: string, blockIds: string[]) {
  for (const part of chunks(blockIds)) {
    await db
      .delete(pageBlocks)
      .where(and(eq(pageBlocks.pageId, pageId), inArray(pageBlocks.blockId, part)));
  }
}

export async function deleteAllBlocks(db: Executor, pageId: string) {
  await db.delete(pageBlocks).where(eq(pageBlocks.pageId, pageId));
}

/** Inserts the rows, or replaces data and position of rows that exist. */
export async function upsertBlocks(
  db: Executor,
  pageId: string,
  rows: Array<{ blockId: string; position: string; data: Block }>,
  now: Date,
) {
  for (const part of chunks(rows)) {
    await db
      .insert(pageBlocks)
      .values(part.map((row) => ({ pageId, ...row, updatedAt: now })))
      .onConflictDoUpdate({
        target: [pageBlocks.pageId, pageBlocks.blockId],
        set: {
          position: sql`excluded.position`,
          data: sql`excluded.data`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}

/** Gives rows new positions, many per statement. */
export async function moveBlocks(
  db: Executor,
  pageId: string,
  moves: DraftBlockPosition[],
  now: Date,
) {
  for (const part of chunks(moves)) {
    const values = sql.join(
      part.map((move) => sql`(${move.blockId}::text, ${move.position}::text)`),
      sql`, `,
    );
    await db.execute(sql`
      update ${pageBlocks} set position = v.position, updated_at = ${now.toISOString()}::timestamptz
      from (values ${values}) as v(block_id, position)
      where ${pageBlocks.pageId} = ${pageId}::uuid and ${pageBlocks.blockId} = v.block_id`);
  }
}

// --- versions -----------------------------------------------------------------------------------

export async function listVersions(db: Executor, pageId: string): Promise<PageVersionRow[]> {
  return db
    .select()
    .from(pageVersions)
    .where(eq(pageVersions.pageId, pageId))
    .orderBy(desc(pageVersions.version));
}

/** the version `version` of the page `pageId`, as placeholders of a prepared statement */
const oneVersion = and(
  eq(pageVersions.pageId, sql.placeholder('pageId')),
  eq(pageVersions.version, sql.placeholder('version')),
);

const versionQuery = preparedQuery((db) =>
  db.select().from(pageVersions).where(oneVersion).limit(1).prepare('page_version'),
);

const versionBlocksJsonQuery = preparedQuery((db) =>
  db
    .select({ json: sql<string>`${pageVersions.blocks}::text` })
    .from(pageVersions)
    .where(oneVersion)
    .limit(1)
    .prepare('page_version_blocks_json'),
);

/** A version's blocks as JSON text (see `draftBlocksJson`); undefined when there is none. */
export async function versionBlocksJson(db: Executor, pageId: string, version: number) {
  const [row] = await versionBlocksJsonQuery(db).execute({ pageId, version });
  return row?.json;
}

export async function findVersion(db: Executor, pageId: string, version: number) {
  const [row] = await versionQuery(db).execute({ pageId, version });
  return row;
}

export async function versionNameTaken(db: Executor, pageId: string, name: string) {
  const [row] = await db
    .select({ id: pageVersions.id })
    .from(pageVersions)
    .where(and(eq(pageVersions.pageId, pageId), eq(pageVersions.name, name)))
    .limit(1);
  return row !== undefined;
}

export async function latestVersionNumber(db: Executor, pageId: string): Promise<number> {
  const [row] = await db
    .select({ latest: max(pageVersions.version) })
    .from(pageVersions)
    .where(eq(pageVersions.pageId, pageId));
  return row?.latest ?? 0;
}

export async function insertVersion(db: Executor, values: typeof pageVersions.$inferInsert) {
  const [row] = await db.insert(pageVersions).values(values).returning();
  if (!row) throw new Error('page version insert returned no row');
  return row;
}
