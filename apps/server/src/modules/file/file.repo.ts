// Drizzle queries of files: blobs (de-duplicated bytes), file rows, usage for the quotas, the
// pages using a file, and the extracted text.
import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  sql,
  sum,
  type AnyColumn,
} from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import {
  fileBlobs,
  pageBlocks,
  pageVersions,
  recycleItems,
  spaceFiles,
  spaceFileTexts,
  spaceNodes,
  spaces,
  users,
} from '../../db/schema/index.js';
import { containsPattern } from '../../lib/search-pattern.js';
import { fileInPageSql, shownFilesSql, shownPagesSql, type Audience } from '../space/index.js';

export type FileRow = typeof spaceFiles.$inferSelect;
export type NewFile = typeof spaceFiles.$inferInsert;
export type BlobRow = typeof fileBlobs.$inferSelect;

const fileColumns = {
  file: spaceFiles,
  uploader: { id: users.id, nickname: users.nickname, avatarKey: users.avatarKey },
};

/** A live file (as editors see files), and whether readers see it. */
export async function findLiveFile(db: Executor, fileId: string) {
  const [row] = await db
    .select({
      ...fileColumns,
      inReadersPage: fileInPageSql('readers'),
      inVisitorsPage: fileInPageSql('visitors'),
    })
    .from(spaceFiles)
    .innerJoin(users, eq(users.id, spaceFiles.uploadedBy))
    .where(and(eq(spaceFiles.id, fileId), shownFilesSql('editors')))
    .limit(1);
  return row;
}

export type ListedFile = Awaited<ReturnType<typeof listLiveFiles>>['rows'][number];

export async function listLiveFiles(
  db: Executor,
  spaceId: string,
  options: { keywords: string; page: number; pageSize: number; audience: Audience },
) {
  const where = and(
    eq(spaceFiles.spaceId, spaceId),
    shownFilesSql(options.audience),
    options.keywords ? ilike(spaceFiles.name, containsPattern(options.keywords)) : undefined,
  );
  const rows = await db
    .select(fileColumns)
    .from(spaceFiles)
    .innerJoin(users, eq(users.id, spaceFiles.uploadedBy))
    .where(where)
    .orderBy(desc(spaceFiles.createdAt), desc(spaceFiles.id))
    .limit(options.pageSize)
    .offset(options.page * options.pageSize);
  const [total] = await db.select({ value: count() }).from(spaceFiles).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findFile(db: Executor, fileId: string, lock = false) {
  const query = db.select().from(spaceFiles).where(eq(spaceFiles.id, fileId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findBlob(db: Executor, blobId: string) {
  const [row] = await db.select().from(fileBlobs).where(eq(fileBlobs.id, blobId)).limit(1);
  return row;
}

export async function findBlobByHash(db: Executor, spaceId: string, sha256: string) {
  const [row] = await db
    .select()
    .from(fileBlobs)
    .where(and(eq(fileBlobs.spaceId, spaceId), eq(fileBlobs.sha256, sha256)))
    .limit(1)
    .for('key share');
  return row;
}

export async function insertBlob(db: Executor, blob: typeof fileBlobs.$inferInsert) {
  const [row] = await db.insert(fileBlobs).values(blob).returning();
  if (!row) throw new Error('blob insert returned no row');
  return row;
}

export async function insertFile(db: Executor, file: NewFile) {
  const [row] = await db.insert(spaceFiles).values(file).returning();
  if (!row) throw new Error('file insert returned no row');
  return row;
}

export async function updateFile(db: Executor, fileId: string, changes: Partial<NewFile>) {
  await db.update(spaceFiles).set(changes).where(eq(spaceFiles.id, fileId));
}

/** Holds the space's row until commit, so concurrent uploads check the quotas one at a time. */
export async function lockSpace(db: Executor, spaceId: string) {
  await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(eq(spaces.id, spaceId))
    .for('no key update');
}

/**
 * What the quotas count: every file not purged (files in the recycle bin still hold storage),
 * by its own size, even when its bytes are shared with another file.
 */
export async function usage(db: Executor, spaceId: string, userId: number) {
  const [space] = await db
    .select({ bytes: sum(spaceFiles.size), files: count() })
    .from(spaceFiles)
    .where(eq(spaceFiles.spaceId, spaceId));
  const [user] = await db
    .select({ bytes: sum(spaceFiles.size) })
    .from(spaceFiles)
    .where(eq(spaceFiles.uploadedBy, userId));
  return {
    spaceBytes: Number(space?.bytes ?? 0),
    spaceFiles: space?.files ?? 0,
    userBytes: Number(user?.bytes ?? 0),
  };
}

/**
 * For each file, the live pages using it: the page it was uploaded into, and pages whose draft
 * blocks hold its block URL (`/v3/space/file/{id}`).
 */
/** The live pages holding each file that the audience sees (readers: in the published version). */
export async function pagesUsing(
  db: Executor,
  spaceId: string,
  files: FileRow[],
  audience: Audience,
) {
  const shown = shownPagesSql(audience);
  const result = new Map<string, Array<{ pageId: string; name: string }>>();
  if (files.length === 0) return result;
  const ids = files.map((file) => file.id);
  const liveInSpace = and(
    inArray(spaceFiles.id, ids),
    eq(spaceNodes.spaceId, spaceId),
    isNull(spaceNodes.deletedAt),
  );
  const uses = (blocks: AnyColumn) =>
    sql`strpos(${blocks}::text, '/v3/space/file/' || ${spaceFiles.id}::text) > 0`;
  const columns = { fileId: spaceFiles.id, pageId: spaceNodes.id, name: spaceNodes.name };
  // editors: the drafts' blocks; readers and visitors: the published versions' blocks
  const referencing =
    audience !== 'editors'
      ? await db
          .selectDistinct(columns)
          .from(spaceFiles)
          .innerJoin(spaceNodes, eq(spaceNodes.spaceId, spaceFiles.spaceId))
          .innerJoin(
            pageVersions,
            and(
              eq(pageVersions.pageId, spaceNodes.id),
              eq(pageVersions.version, spaceNodes.publishedVersion),
            ),
          )
          .where(and(liveInSpace, shown, uses(pageVersions.blocks)))
      : await db
          .selectDistinct(columns)
          .from(spaceFiles)
          .innerJoin(spaceNodes, eq(spaceNodes.spaceId, spaceFiles.spaceId))
          .innerJoin(pageBlocks, eq(pageBlocks.pageId, spaceNodes.id))
          .where(and(liveInSpace, uses(pageBlocks.data)));
  const uploadPages = files.flatMap((file) => (file.pageId ? [file.pageId] : []));
  const uploadedInto =
    uploadPages.length === 0
      ? []
      : await db
          .select({ pageId: spaceNodes.id, name: spaceNodes.name })
          .from(spaceNodes)
          .where(and(inArray(spaceNodes.id, uploadPages), isNull(spaceNodes.deletedAt), shown));
  for (const file of files) {
    const pages = new Map<string, string>();
    const home = uploadedInto.find((page) => page.pageId === file.pageId);
    if (home) pages.set(home.pageId, home.name);
    for (const row of referencing) if (row.fileId === file.id) pages.set(row.pageId, row.name);
    result.set(
      file.id,
      [...pages].map(([pageId, name]) => ({ pageId, name })),
    );
  }
  return result;
}

/** The page, when it is a live page of the space. */
export async function livePageOf(db: Executor, spaceId: string, pageId: string) {
  const [page] = await db
    .select({ id: spaceNodes.id })
    .from(spaceNodes)
    .where(
      and(
        eq(spaceNodes.id, pageId),
        eq(spaceNodes.spaceId, spaceId),
        eq(spaceNodes.type, 'page'),
        isNull(spaceNodes.deletedAt),
      ),
    )
    .limit(1);
  return page;
}

export async function insertRecycleItem(db: Executor, item: typeof recycleItems.$inferInsert) {
  const [row] = await db.insert(recycleItems).values(item).returning({ id: recycleItems.id });
  if (!row) throw new Error('recycle item insert returned no row');
  return row.id;
}

export async function saveText(db: Executor, fileId: string, text: string) {
  await db
    .insert(spaceFileTexts)
    .values({ fileId, text })
    .onConflictDoUpdate({
      target: spaceFileTexts.fileId,
      set: { text, extractedAt: new Date() },
    });
}

export async function findText(db: Executor, fileId: string) {
  const [row] = await db
    .select()
    .from(spaceFileTexts)
    .where(eq(spaceFileTexts.fileId, fileId))
    .limit(1);
  return row;
}

/**
 * Hard-deletes files and then every blob no remaining file uses; answers the storage keys of
 * those blobs, to be removed from storage after the transaction commits.
 */
export async function destroyFiles(db: Executor, fileIds: string[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const removed = await db
    .delete(spaceFiles)
    .where(inArray(spaceFiles.id, fileIds))
    .returning({ blobId: spaceFiles.blobId });
  const blobIds = [...new Set(removed.map((row) => row.blobId))];
  if (blobIds.length === 0) return [];
  const blobs = await db
    .delete(fileBlobs)
    .where(
      and(
        inArray(fileBlobs.id, blobIds),
        sql`not exists (select 1 from ${spaceFiles} where ${spaceFiles.blobId} = ${fileBlobs.id})`,
      ),
    )
    .returning({ storageKey: fileBlobs.storageKey });
  return blobs.map((blob) => blob.storageKey);
}

/** Ids of the files uploaded into any of these pages (live or deleted). */
export async function filesOfPages(db: Executor, pageIds: string[]) {
  if (pageIds.length === 0) return [];
  const rows = await db
    .select({ id: spaceFiles.id })
    .from(spaceFiles)
    .where(inArray(spaceFiles.pageId, pageIds));
  return rows.map((row) => row.id);
}

/** Ids of the files an import stored and has not saved its pages with yet. */
export async function filesOfImport(db: Executor, importId: string) {
  const rows = await db
    .select({ id: spaceFiles.id })
    .from(spaceFiles)
    .where(eq(spaceFiles.importId, importId));
  return rows.map((row) => row.id);
}

/** The files an import stored become ordinary files (in the transaction saving its pages). */
/** Attaches files of the space that no page holds yet to a page (the page's files go with it). */
export async function attachFilesToPage(
  db: Executor,
  spaceId: string,
  pageId: string,
  fileIds: string[],
) {
  await db
    .update(spaceFiles)
    .set({ pageId })
    .where(
      and(
        eq(spaceFiles.spaceId, spaceId),
        isNull(spaceFiles.pageId),
        inArray(spaceFiles.id, fileIds),
      ),
    );
}

export async function keepFilesOfImport(db: Executor, importId: string) {
  await db.update(spaceFiles).set({ importId: null }).where(eq(spaceFiles.importId, importId));
}

/** Storage keys of every blob of a space (to remove after the space is destroyed). */
export async function blobKeysOfSpace(db: Executor, spaceId: string) {
  const rows = await db
    .select({ storageKey: fileBlobs.storageKey })
    .from(fileBlobs)
    .where(eq(fileBlobs.spaceId, spaceId));
  return rows.map((row) => row.storageKey);
}

/** The files a recycle-bin item holds (a file deleted on its own: one). */
export function filesOfRecycleItem(db: Executor, recycleItemId: string) {
  return db.select().from(spaceFiles).where(eq(spaceFiles.recycleItemId, recycleItemId));
}

export async function isLivePage(db: Executor, pageId: string) {
  const rows = await db
    .select({ id: spaceNodes.id })
    .from(spaceNodes)
    .where(and(eq(spaceNodes.id, pageId), isNull(spaceNodes.deletedAt)))
    .limit(1);
  return rows.length > 0;
}

/** The recycle-bin items of files deleted on their own. */
export async function deleteFileRecycleItems(db: Executor, fileIds: string[]) {
  await db
    .delete(recycleItems)
    .where(and(eq(recycleItems.kind, 'file'), inArray(recycleItems.targetId, fileIds)));
}
