// Drizzle queries of the AI's retrieval index: documents (a page or a file), their chunks and
// postings, the space's BM25 statistics and index state in space_ai, and the pages and files a
// space has to index.
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
import {
  aiChunks,
  aiDocuments,
  spaceAi,
  spaceFiles,
  spaceFileTexts,
  spaceNodes,
} from '../../db/schema/index.js';
import { Job } from '../../infra/jobs/job-catalogue.js';

export type DocumentRow = typeof aiDocuments.$inferSelect;
export type NewChunk = typeof aiChunks.$inferInsert;

/** The document of a page or of a file. */
export interface DocumentKey {
  sourceType: 'page' | 'file';
  id: string;
}

/** A term of a chunk with its frequency there and the chunk's length. */
export interface Posting {
  term: string;
  chunk_id: number;
  tf: number;
  dl: number;
}

/** postings rows per insert statement */
const postingsBatch = 20_000;

const documentOf = (key: DocumentKey) =>
  key.sourceType === 'page'
    ? and(eq(aiDocuments.sourceType, 'page'), eq(aiDocuments.pageId, key.id))
    : and(eq(aiDocuments.sourceType, 'file'), eq(aiDocuments.fileId, key.id));

/** A live file with its extracted text; none when the file is deleted or has no text. */
export async function liveFileWithText(db: Executor, fileId: string) {
  const [row] = await db
    .select({ file: spaceFiles, text: spaceFileTexts.text })
    .from(spaceFiles)
    .innerJoin(spaceFileTexts, eq(spaceFileTexts.fileId, spaceFiles.id))
    .where(and(eq(spaceFiles.id, fileId), isNull(spaceFiles.deletedAt)))
    .limit(1);
  return row;
}

export async function findDocument(
  db: Executor,
  key: DocumentKey,
): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(aiDocuments).where(documentOf(key)).limit(1);
  return row;
}

/** The chunks of a document as re-indexing compares them (`embedded`: it has a vector). */
export async function documentChunks(db: Executor, documentId: string) {
  return db
    .select({
      id: aiChunks.id,
      hash: aiChunks.hash,
      ordinal: aiChunks.ordinal,
      termCount: aiChunks.termCount,
      embedded: sql<boolean>`${aiChunks.embedding} is not null`,
    })
    .from(aiChunks)
    .where(eq(aiChunks.documentId, documentId));
}

/**
 * Deletes the postings of some chunks in one statement before the chunks go: the cascade from a
 * chunk deletes its postings one chunk at a time, and each of those statements would run the
 * ai_terms trigger on its own.
 */
async function dropPostings(tx: Executor, chunkIds: SQL) {
  await tx.execute(sql`delete from ai_postings where chunk_id in (${chunkIds})`);
}

/** Deletes a document with its chunks and postings; answers its space, if it was there. */
export async function deleteDocument(tx: Executor, key: DocumentKey) {
  await dropPostings(
    tx,
    sql`select ai_chunks.id from ai_chunks
      join ai_documents on ai_documents.id = ai_chunks.document_id where ${documentOf(key)}`,
  );
  const [gone] = await tx
    .delete(aiDocuments)
    .where(documentOf(key))
    .returning({ spaceId: aiDocuments.spaceId });
  return gone?.spaceId;
}

/**
 * Deletes a space's whole index (its purge), set-based: its terms first (nothing is left for the
 * ai_terms trigger to count down), its postings in one statement, then its chunks and documents,
 * which cascade to nothing. Left to the cascade from the space row (a DELETE of postings per
 * chunk), the trigger's one run over 4.1M postings took 44–48 s (docs/performance.md).
 */
export async function deleteSpaceIndex(tx: Executor, spaceId: string) {
  await tx.execute(sql`delete from ai_terms where space_id = ${spaceId}`);
  await tx.execute(sql`delete from ai_postings where space_id = ${spaceId}`);
  await tx.delete(aiChunks).where(eq(aiChunks.spaceId, spaceId));
  await tx.delete(aiDocuments).where(eq(aiDocuments.spaceId, spaceId));
}

export async function insertDocument(tx: Executor, values: typeof aiDocuments.$inferInsert) {
  const [row] = await tx.insert(aiDocuments).values(values).returning({ id: aiDocuments.id });
  if (!row) throw new Error('document insert returned no row');
  return row.id;
}

export async function updateDocument(
  tx: Executor,
  id: string,
  changes: Partial<typeof aiDocuments.$inferInsert>,
) {
  await tx.update(aiDocuments).set(changes).where(eq(aiDocuments.id, id));
}

/** Deletes chunks with their postings. */
export async function deleteChunks(tx: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await dropPostings(
    tx,
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    ),
  );
  await tx.delete(aiChunks).where(inArray(aiChunks.id, ids));
}

export async function setChunkOrdinal(tx: Executor, id: number, ordinal: number) {
  await tx.update(aiChunks).set({ ordinal }).where(eq(aiChunks.id, id));
}

/** Inserts chunks; answers their ids with their ordinals. */
export async function insertChunks(tx: Executor, rows: NewChunk[]) {
  if (rows.length === 0) return [];
  return tx.insert(aiChunks).values(rows).returning({ id: aiChunks.id, ordinal: aiChunks.ordinal });
}

export async function insertPostings(tx: Executor, spaceId: string, postings: Posting[]) {
  // One JSON parameter per batch: binding thousands of separate parameters costs more than
  // the insert itself (measured on PGlite).
  for (let start = 0; start < postings.length; start += postingsBatch) {
    const batch = JSON.stringify(postings.slice(start, start + postingsBatch));
    await tx.execute(sql`
      insert into ai_postings (space_id, term, chunk_id, tf, dl)
      select ${spaceId}, x.term, x.chunk_id, x.tf, x.dl
      from jsonb_to_recordset(${batch}::jsonb) as x(term text, chunk_id bigint, tf int, dl int)`);
  }
}

/** Moves the space's BM25 statistics by what one document's re-indexing added and removed. */
export async function addIndexStats(
  tx: Executor,
  spaceId: string,
  change: { chunks: number; terms: number },
) {
  await tx
    .update(spaceAi)
    .set({
      indexedAt: new Date(),
      chunkCount: sql`${spaceAi.chunkCount} + ${change.chunks}`,
      termTotal: sql`${spaceAi.termTotal} + ${change.terms}`,
    })
    .where(eq(spaceAi.spaceId, spaceId));
}

/** Recounts the space's BM25 statistics from its chunks (after deletions and re-indexing). */
export async function refreshIndexStats(db: Executor, spaceId: string) {
  await db.execute(sql`
    update space_ai set
      chunk_count = (select count(*) from ai_chunks where space_id = ${spaceId}),
      term_total = (select coalesce(sum(term_count), 0) from ai_chunks where space_id = ${spaceId})
    where space_id = ${spaceId}`);
}

/** The space's last indexing failure shown to its managers; null clears it. */
export async function setIndexError(db: Executor, spaceId: string, message: string | null) {
  await db.update(spaceAi).set({ indexError: message }).where(eq(spaceAi.spaceId, spaceId));
}

/** The live pages of a space. */
export async function livePageIds(db: Executor, spaceId: string) {
  const rows = await db
    .select({ id: spaceNodes.id })
    .from(spaceNodes)
    .where(
      and(
        eq(spaceNodes.spaceId, spaceId),
        eq(spaceNodes.type, 'page'),
        isNull(spaceNodes.deletedAt),
      ),
    );
  return rows.map((row) => row.id);
}

/** The live files of a space that have extracted text. */
export async function liveFileIdsWithText(db: Executor, spaceId: string) {
  const rows = await db
    .select({ id: spaceFiles.id })
    .from(spaceFiles)
    .innerJoin(spaceFileTexts, eq(spaceFileTexts.fileId, spaceFiles.id))
    .where(and(eq(spaceFiles.spaceId, spaceId), isNull(spaceFiles.deletedAt)));
  return rows.map((row) => row.id);
}

/** Deletes the space's documents whose page or file is gone (deleted while AI was off, or purged). */
export async function deleteOrphanDocuments(tx: Executor, spaceId: string) {
  await tx.execute(sql`
    delete from ai_documents d where d.space_id = ${spaceId} and (
      (d.source_type = 'page' and not exists (select 1 from space_nodes n
        where n.id = d.page_id and n.deleted_at is null))
      or (d.source_type = 'file' and not exists (select 1 from space_files f
        where f.id = d.file_id and f.deleted_at is null)))`);
}

/** How many documents and chunks the space's index holds. */
export async function indexCounts(db: Executor, spaceId: string) {
  const [counts] = await db
    .select({
      documents: sql<number>`count(distinct ${aiDocuments.id})::int`,
      chunks: sql<number>`count(${aiChunks.id})::int`,
    })
    .from(aiDocuments)
    .leftJoin(aiChunks, eq(aiChunks.documentId, aiDocuments.id))
    .where(eq(aiDocuments.spaceId, spaceId));
  return { documents: counts?.documents ?? 0, chunks: counts?.chunks ?? 0 };
}

/** Index jobs of the space still waiting or running (failed ones are not counted). */
export async function pendingIndexJobs(db: Executor, spaceId: string) {
  const rows = await queryRows<{ pending: number }>(
    db,
    sql`
    select count(*)::int as pending from jobs j where j.failed_at is null and (
      (j.kind = ${Job.reindexSpace.kind} and j.payload->>'spaceId' = ${spaceId})
      or (j.kind = ${Job.indexPage.kind} and exists (select 1 from space_nodes n
            where n.id::text = j.payload->>'pageId' and n.space_id = ${spaceId}))
      or (j.kind = ${Job.indexFile.kind} and exists (select 1 from space_files f
            where f.id::text = j.payload->>'fileId' and f.space_id = ${spaceId})))`,
  );
  return Number(rows[0]?.pending ?? 0);
}

/** Marks the index's pages all-visible, so BM25 reads tf and dl from the index alone. */
export async function vacuumIndex(db: Executor) {
  await db.execute(sql`vacuum (analyze) ai_postings, ai_terms, ai_chunks`);
}
