// The retrieval index of a space's AI: the jobs Job.indexPage, Job.indexFile and
// Job.reindexSpace. A page contributes its published version when published,
// else its draft when the space's AI includes drafts; a file its extracted text. Re-indexing is
// incremental: chunks whose hash is unchanged keep their rows, postings and embeddings.
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database, type Executor } from '../../db/database.js';
import {
  aiChunks,
  aiDocuments,
  spaceAi,
  spaceFiles,
  spaceFileTexts,
  spaceNodes,
} from '../../db/schema/index.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob, type JobQueue } from '../../infra/jobs/job-queue.js';
import { indexTerms, termFrequencies } from '../../infra/search/tokenizer.js';
import { blocksOf, draftBlocks, findVersion } from '../page/page.repo.js';
import { chunkPage, chunkText, type Chunk } from './chunker.js';
import type { Embedder } from './embedding.js';

/** One vacuum this long after indexing starts, however many pages were indexed meanwhile. */
const vacuumDelayMs = 60_000;

/** postings rows per insert statement */
const postingsBatch = 20_000;

/** Recounts the space's BM25 statistics from its chunks (after deletions and re-indexing). */
async function refreshStats(db: Executor, spaceId: string) {
  await db.execute(sql`
    update space_ai set
      chunk_count = (select count(*) from ai_chunks where space_id = ${spaceId}),
      term_total = (select coalesce(sum(term_count), 0) from ai_chunks where space_id = ${spaceId})
    where space_id = ${spaceId}`);
}

interface Source {
  spaceId: string;
  sourceType: 'page' | 'file';
  pageId: string | null;
  fileId: string | null;
  title: string;
  version: number | null;
  chunks: Chunk[];
}

async function aiOf(db: Executor, spaceId: string) {
  const [row] = await db.select().from(spaceAi).where(eq(spaceAi.spaceId, spaceId)).limit(1);
  return row ?? null;
}

/** What a page contributes now, or null when it contributes nothing. */
async function pageSource(db: Database, pageId: string): Promise<Source | null> {
  const [node] = await db
    .select()
    .from(spaceNodes)
    .where(
      and(eq(spaceNodes.id, pageId), eq(spaceNodes.type, 'page'), isNull(spaceNodes.deletedAt)),
    )
    .limit(1);
  if (!node) return null;
  const ai = await aiOf(db, node.spaceId);
  if (!ai?.enabled) return null;
  let blocks: unknown[];
  let version: number | null = null;
  if (node.publishedVersion !== null) {
    const row = await findVersion(db, pageId, node.publishedVersion);
    if (!row) return null;
    blocks = blocksOf(row.blocks);
    version = row.version;
  } else if (ai.includeDrafts) {
    blocks = await draftBlocks(db, pageId);
  } else {
    return null;
  }
  return {
    spaceId: node.spaceId,
    sourceType: 'page',
    pageId,
    fileId: null,
    title: node.name,
    version,
    chunks: chunkPage(node.name, blocks),
  };
}

async function fileSource(db: Database, fileId: string): Promise<Source | null> {
  const [row] = await db
    .select({ file: spaceFiles, text: spaceFileTexts.text })
    .from(spaceFiles)
    .innerJoin(spaceFileTexts, eq(spaceFileTexts.fileId, spaceFiles.id))
    .where(and(eq(spaceFiles.id, fileId), isNull(spaceFiles.deletedAt)))
    .limit(1);
  if (!row) return null;
  const ai = await aiOf(db, row.file.spaceId);
  if (!ai?.enabled) return null;
  return {
    spaceId: row.file.spaceId,
    sourceType: 'file',
    pageId: row.file.pageId,
    fileId,
    title: row.file.name,
    version: null,
    chunks: chunkText(row.file.name, row.text),
  };
}

/** The terms a chunk is found by: its text, its document's title and its heading path. */
function chunkTerms(title: string, chunk: Chunk) {
  return [...indexTerms(chunk.text), ...indexTerms(title), ...indexTerms(chunk.headingPath)];
}

/**
 * Deletes the postings of some chunks in one statement before the chunks go: the cascade from a
 * chunk deletes its postings one chunk at a time, and each of those statements would run the
 * ai_terms trigger on its own.
 */
async function dropPostings(tx: Executor, chunkIds: SQL) {
  await tx.execute(sql`delete from ai_postings where chunk_id in (${chunkIds})`);
}

/** Writes a source's chunks, keeping unchanged ones; removes the document when null. */
async function store(
  db: Database,
  key: { sourceType: 'page' | 'file'; id: string },
  source: Source | null,
  embedder: Embedder | null,
) {
  const match =
    key.sourceType === 'page'
      ? and(eq(aiDocuments.sourceType, 'page'), eq(aiDocuments.pageId, key.id))
      : and(eq(aiDocuments.sourceType, 'file'), eq(aiDocuments.fileId, key.id));
  if (!source) {
    await db.transaction(async (tx) => {
      await dropPostings(
        tx,
        sql`select ai_chunks.id from ai_chunks
          join ai_documents on ai_documents.id = ai_chunks.document_id where ${match}`,
      );
      const [gone] = await tx
        .delete(aiDocuments)
        .where(match)
        .returning({ spaceId: aiDocuments.spaceId });
      if (gone) await refreshStats(tx, gone.spaceId);
    });
    return;
  }
  const [existing] = await db.select().from(aiDocuments).where(match).limit(1);
  const old = existing
    ? await db
        .select({
          id: aiChunks.id,
          hash: aiChunks.hash,
          ordinal: aiChunks.ordinal,
          termCount: aiChunks.termCount,
          embedded: sql<boolean>`${aiChunks.embedding} is not null`,
        })
        .from(aiChunks)
        .where(eq(aiChunks.documentId, existing.id))
    : [];
  const reusable = new Map<string, Array<{ id: number; ordinal: number }>>();
  for (const row of old) {
    // a chunk indexed while the embedding model was missing or failing gets its vector now
    if (embedder && !row.embedded) continue;
    reusable.set(row.hash, [...(reusable.get(row.hash) ?? []), row]);
  }
  const kept: Array<{ id: number; ordinal: number; chunk: Chunk }> = [];
  const added: Chunk[] = [];
  for (const chunk of source.chunks) {
    const row = reusable.get(chunk.hash)?.shift();
    if (row) kept.push({ ...row, chunk });
    else added.push(chunk);
  }
  const keptIds = new Set(kept.map((item) => item.id));
  const gone = old.filter((row) => !keptIds.has(row.id));
  const removed = gone.map((row) => row.id);
  const removedTerms = gone.reduce((sum, row) => sum + row.termCount, 0);
  // Embeddings are fetched before the transaction: a slow model never holds database locks.
  // When the model fails, the chunks are still stored for keyword retrieval and the error is
  // shown in the space's AI detail; the next index run embeds them.
  let vectors: number[][] | null = null;
  let embeddingError: unknown = null;
  if (embedder && added.length > 0) {
    try {
      vectors = await embedder.embedTexts(added.map((c) => c.text));
    } catch (error) {
      embeddingError = error;
    }
  }

  await db.transaction(async (tx) => {
    let documentId: string;
    const values = {
      spaceId: source.spaceId,
      title: source.title,
      version: source.version,
      pageId: source.pageId,
      indexedAt: new Date(),
    };
    if (existing) {
      documentId = existing.id;
      await tx.update(aiDocuments).set(values).where(eq(aiDocuments.id, existing.id));
    } else {
      const [row] = await tx
        .insert(aiDocuments)
        .values({ ...values, sourceType: source.sourceType, fileId: source.fileId })
        .returning({ id: aiDocuments.id });
      if (!row) throw new Error('document insert returned no row');
      documentId = row.id;
    }
    if (removed.length > 0) {
      await dropPostings(
        tx,
        sql.join(
          removed.map((id) => sql`${id}`),
          sql`, `,
        ),
      );
      await tx.delete(aiChunks).where(inArray(aiChunks.id, removed));
    }
    for (const item of kept) {
      if (item.ordinal !== item.chunk.ordinal) {
        await tx
          .update(aiChunks)
          .set({ ordinal: item.chunk.ordinal })
          .where(eq(aiChunks.id, item.id));
      }
    }
    const termLists = added.map((chunk) => chunkTerms(source.title, chunk));
    const inserted =
      added.length === 0
        ? []
        : await tx
            .insert(aiChunks)
            .values(
              added.map((chunk, position) => ({
                documentId,
                spaceId: source.spaceId,
                ordinal: chunk.ordinal,
                blockIds: chunk.blockIds,
                blockStarts: chunk.blockStarts,
                headingPath: chunk.headingPath,
                text: chunk.text,
                hash: chunk.hash,
                termCount: termLists[position]!.length,
                embedding: vectors?.[position] ?? null,
              })),
            )
            .returning({ id: aiChunks.id, ordinal: aiChunks.ordinal });
    const termsByOrdinal = new Map(
      added.map((chunk, position) => [chunk.ordinal, termLists[position]!]),
    );
    const postings = inserted.flatMap((row) => {
      const terms = termsByOrdinal.get(row.ordinal) ?? [];
      return [...termFrequencies(terms)].map(([term, tf]) => ({
        term,
        chunk_id: row.id,
        tf,
        dl: terms.length,
      }));
    });
    // One JSON parameter per batch: binding thousands of separate parameters costs more than
    // the insert itself (measured on PGlite).
    for (let start = 0; start < postings.length; start += postingsBatch) {
      const batch = JSON.stringify(postings.slice(start, start + postingsBatch));
      await tx.execute(sql`
        insert into ai_postings (space_id, term, chunk_id, tf, dl)
        select ${source.spaceId}, x.term, x.chunk_id, x.tf, x.dl
        from jsonb_to_recordset(${batch}::jsonb) as x(term text, chunk_id bigint, tf int, dl int)`);
    }
    const addedTerms = termLists.reduce((sum, terms) => sum + terms.length, 0);
    await tx
      .update(spaceAi)
      .set({
        indexedAt: new Date(),
        chunkCount: sql`${spaceAi.chunkCount} + ${added.length - removed.length}`,
        termTotal: sql`${spaceAi.termTotal} + ${addedTerms - removedTerms}`,
      })
      .where(eq(spaceAi.spaceId, source.spaceId));
  });
  if (embeddingError) {
    await recordFailure(db, source.spaceId, `${source.title} (embeddings)`, embeddingError);
  }
}

async function recordFailure(db: Database, spaceId: string | null, what: string, error: unknown) {
  if (!spaceId) return;
  const message = error instanceof Error ? error.message : String(error);
  await db
    .update(spaceAi)
    .set({ indexError: `${what}: ${message}`.slice(0, 1000) })
    .where(eq(spaceAi.spaceId, spaceId));
}

export async function indexPage(db: Database, pageId: string, embedder: Embedder | null) {
  const source = await pageSource(db, pageId);
  try {
    await store(db, { sourceType: 'page', id: pageId }, source, source ? embedder : null);
  } catch (error) {
    await recordFailure(db, source?.spaceId ?? null, source?.title ?? pageId, error);
    throw error;
  }
}

export async function indexFile(db: Database, fileId: string, embedder: Embedder | null) {
  const source = await fileSource(db, fileId);
  try {
    await store(db, { sourceType: 'file', id: fileId }, source, source ? embedder : null);
  } catch (error) {
    await recordFailure(db, source?.spaceId ?? null, source?.title ?? fileId, error);
    throw error;
  }
}

/** Queues every page and file of the space and drops documents of what is gone. */
export async function reindexSpace(db: Database, spaceId: string) {
  await db.transaction(async (tx) => {
    await tx.update(spaceAi).set({ indexError: null }).where(eq(spaceAi.spaceId, spaceId));
    const pages = await tx
      .select({ id: spaceNodes.id })
      .from(spaceNodes)
      .where(
        and(
          eq(spaceNodes.spaceId, spaceId),
          eq(spaceNodes.type, 'page'),
          isNull(spaceNodes.deletedAt),
        ),
      );
    for (const page of pages) {
      await enqueueJob(tx, Job.indexPage, { pageId: page.id }, { key: page.id });
    }
    const files = await tx
      .select({ id: spaceFiles.id })
      .from(spaceFiles)
      .innerJoin(spaceFileTexts, eq(spaceFileTexts.fileId, spaceFiles.id))
      .where(and(eq(spaceFiles.spaceId, spaceId), isNull(spaceFiles.deletedAt)));
    for (const file of files) {
      await enqueueJob(tx, Job.indexFile, { fileId: file.id }, { key: file.id });
    }
    // documents whose page or file is gone (deleted while AI was off, or purged)
    await tx.execute(sql`
      delete from ai_documents d where d.space_id = ${spaceId} and (
        (d.source_type = 'page' and not exists (select 1 from space_nodes n
          where n.id = d.page_id and n.deleted_at is null))
        or (d.source_type = 'file' and not exists (select 1 from space_files f
          where f.id = d.file_id and f.deleted_at is null)))`);
    await refreshStats(tx, spaceId);
  });
}

/** Queues a full re-index (enable, settings that change what is indexed, the reindex button). */
export async function queueReindex(db: Executor, spaceId: string) {
  await enqueueJob(db, Job.reindexSpace, { spaceId }, { key: spaceId });
}

/** Index state for the space's AI detail. */
export async function indexState(db: Executor, spaceId: string) {
  const [counts] = await db
    .select({
      documents: sql<number>`count(distinct ${aiDocuments.id})::int`,
      chunks: sql<number>`count(${aiChunks.id})::int`,
    })
    .from(aiDocuments)
    .leftJoin(aiChunks, eq(aiChunks.documentId, aiDocuments.id))
    .where(eq(aiDocuments.spaceId, spaceId));
  const pending = await queryRows<{ pending: number }>(
    db,
    sql`
    select count(*)::int as pending from jobs j where j.failed_at is null and (
      (j.kind = ${Job.reindexSpace.kind} and j.payload->>'spaceId' = ${spaceId})
      or (j.kind = ${Job.indexPage.kind} and exists (select 1 from space_nodes n
            where n.id::text = j.payload->>'pageId' and n.space_id = ${spaceId}))
      or (j.kind = ${Job.indexFile.kind} and exists (select 1 from space_files f
            where f.id::text = j.payload->>'fileId' and f.space_id = ${spaceId})))`,
  );
  return {
    documents: counts?.documents ?? 0,
    chunks: counts?.chunks ?? 0,
    pending: Number(pending[0]?.pending ?? 0),
  };
}

export function registerIndexJobs(
  jobs: JobQueue,
  db: Database,
  embedderFor: (spaceId: string | null) => Promise<Embedder | null>,
  log: FastifyBaseLogger,
  /** false on PGlite: the index's tables are then vacuumed by a job after indexing */
  autovacuum: boolean,
) {
  const vacuumLater = async () => {
    if (autovacuum) return;
    await enqueueJob(db, Job.vacuumAiIndex, {}, { key: 'ai', delayMs: vacuumDelayMs });
  };
  // PGlite has no autovacuum: without it, ranking's index-only scans read a heap page per posting
  jobs.handle(Job.vacuumAiIndex, async () => {
    // marks the postings' pages all-visible, so BM25 reads tf and dl from the index alone
    await db.execute(sql`vacuum (analyze) ai_postings, ai_terms, ai_chunks`);
  });
  jobs.handle(Job.indexPage, async ({ pageId }) => {
    const [node] = await db
      .select({ spaceId: spaceNodes.spaceId })
      .from(spaceNodes)
      .where(eq(spaceNodes.id, pageId))
      .limit(1);
    await indexPage(db, pageId, await embedderFor(node?.spaceId ?? null));
    await vacuumLater();
  });
  jobs.handle(Job.indexFile, async ({ fileId }) => {
    const [file] = await db
      .select({ spaceId: spaceFiles.spaceId })
      .from(spaceFiles)
      .where(eq(spaceFiles.id, fileId))
      .limit(1);
    await indexFile(db, fileId, await embedderFor(file?.spaceId ?? null));
    await vacuumLater();
  });
  jobs.handle(Job.reindexSpace, async ({ spaceId }) => {
    await reindexSpace(db, spaceId);
    log.info({ spaceId }, 'AI re-index queued');
  });
}
