// The retrieval index of a space's AI: the jobs Job.indexPage, Job.indexFile, Job.reindexSpace
// and Job.vacuumAiIndex (their handlers wired in app.ts). A page contributes its published
// version when published, else its draft when the space's AI includes drafts; a file its
// extracted text. Re-indexing is incremental: chunks whose hash is unchanged keep their rows,
// postings and embeddings. The queries are ai-index.repo.ts's.
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/database.js';
import { Job, type PayloadOf } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob, enqueueJobs } from '../../infra/jobs/job-queue.js';
import type { KeyCipher } from '../../infra/llm/key-cipher.js';
import { termFrequencies } from '../../infra/search/tokenizer.js';
import { blocksOf, draftBlocks, findVersion } from '../page/index.js';
import { liveNode } from '../tree/index.js';
import * as repo from './ai-index.repo.js';
import { chunkPage, chunkText, type Chunk } from './chunker.js';
import { embedderOf, type Embedder } from './embedding.js';
import { passageTerms } from './passage-terms.js';
import { activeProvider } from './provider.service.js';
import { findSpaceAi } from './space-ai.repo.js';

/** One vacuum this long after indexing starts, however many pages were indexed meanwhile. */
const vacuumDelayMs = 60_000;

/** What a page or a file contributes to the index now. */
interface Source {
  spaceId: string;
  sourceType: 'page' | 'file';
  pageId: string | null;
  fileId: string | null;
  title: string;
  version: number | null;
  chunks: Chunk[];
}

/** What a page contributes now, or null when it contributes nothing. */
async function pageSource(db: Database, pageId: string): Promise<Source | null> {
  const node = await liveNode(db, pageId);
  if (!node || node.type !== 'page') return null;
  const ai = await findSpaceAi(db, node.spaceId);
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
  const row = await repo.liveFileWithText(db, fileId);
  if (!row) return null;
  const ai = await findSpaceAi(db, row.file.spaceId);
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
  return [...passageTerms(chunk.text), ...passageTerms(title), ...passageTerms(chunk.headingPath)];
}

type StoredChunk = Awaited<ReturnType<typeof repo.documentChunks>>[number];

/** How a document's stored chunks become its new ones. */
interface ChunkPlan {
  /** stored chunks with the same hash, perhaps at another place */
  kept: Array<{ id: number; ordinal: number; chunk: Chunk }>;
  /** new chunks to store */
  added: Chunk[];
  /** stored chunks to delete, and how many terms they held */
  removed: number[];
  removedTerms: number;
}

/**
 * Keeps every stored chunk whose hash comes again (one stored chunk per new one), unless it
 * lacks its embedding while a model can give it one.
 */
function planChunks(stored: StoredChunk[], chunks: Chunk[], embedding: boolean): ChunkPlan {
  const reusable = new Map<string, Array<{ id: number; ordinal: number }>>();
  for (const row of stored) {
    // a chunk indexed while the embedding model was missing or failing gets its vector now
    if (embedding && !row.embedded) continue;
    reusable.set(row.hash, [...(reusable.get(row.hash) ?? []), row]);
  }
  const kept: ChunkPlan['kept'] = [];
  const added: Chunk[] = [];
  for (const chunk of chunks) {
    const row = reusable.get(chunk.hash)?.shift();
    if (row) kept.push({ ...row, chunk });
    else added.push(chunk);
  }
  const keptIds = new Set(kept.map((item) => item.id));
  const gone = stored.filter((row) => !keptIds.has(row.id));
  return {
    kept,
    added,
    removed: gone.map((row) => row.id),
    removedTerms: gone.reduce((sum, row) => sum + row.termCount, 0),
  };
}

/**
 * The vectors of the new chunks, fetched before any transaction: a slow model never holds
 * database locks. A failing model leaves the chunks without vectors (keyword retrieval still
 * finds them) and its error for the space's AI detail; the next index run embeds them.
 */
async function embedChunks(embedder: Embedder | null, chunks: Chunk[]) {
  if (!embedder || chunks.length === 0) return { vectors: null, error: null };
  try {
    return { vectors: await embedder.embedTexts(chunks.map((c) => c.text)), error: null };
  } catch (error) {
    return { vectors: null, error };
  }
}

/** Inserts new chunks with their postings; answers how many terms they hold. */
async function addChunks(
  tx: Executor,
  documentId: string,
  source: Source,
  chunks: Chunk[],
  vectors: number[][] | null,
) {
  const termLists = chunks.map((chunk) => chunkTerms(source.title, chunk));
  const inserted = await repo.insertChunks(
    tx,
    chunks.map((chunk, position) => ({
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
  );
  const termsByOrdinal = new Map(
    chunks.map((chunk, position) => [chunk.ordinal, termLists[position]!]),
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
  await repo.insertPostings(tx, source.spaceId, postings);
  return termLists.reduce((sum, terms) => sum + terms.length, 0);
}

/** Writes the document and its planned chunks and moves the space's statistics, in one go. */
async function writeDocument(
  db: Database,
  existingId: string | null,
  source: Source,
  plan: ChunkPlan,
  vectors: number[][] | null,
) {
  await db.transaction(async (tx) => {
    const values = {
      spaceId: source.spaceId,
      title: source.title,
      version: source.version,
      pageId: source.pageId,
      indexedAt: new Date(),
    };
    let documentId: string;
    if (existingId) {
      documentId = existingId;
      await repo.updateDocument(tx, existingId, values);
    } else {
      documentId = await repo.insertDocument(tx, {
        ...values,
        sourceType: source.sourceType,
        fileId: source.fileId,
      });
    }
    await repo.deleteChunks(tx, plan.removed);
    for (const item of plan.kept) {
      if (item.ordinal !== item.chunk.ordinal) {
        await repo.setChunkOrdinal(tx, item.id, item.chunk.ordinal);
      }
    }
    const addedTerms = await addChunks(tx, documentId, source, plan.added, vectors);
    await repo.addIndexStats(tx, source.spaceId, {
      chunks: plan.added.length - plan.removed.length,
      terms: addedTerms - plan.removedTerms,
    });
  });
}

/** Removes a document that no longer contributes, then recounts its space's statistics. */
async function removeDocument(db: Database, key: repo.DocumentKey) {
  await db.transaction(async (tx) => {
    const spaceId = await repo.deleteDocument(tx, key);
    if (spaceId) await repo.refreshIndexStats(tx, spaceId);
  });
}

/** Writes a source's chunks, keeping unchanged ones; removes the document when null. */
async function store(
  db: Database,
  key: repo.DocumentKey,
  source: Source | null,
  embedder: Embedder | null,
) {
  if (!source) return removeDocument(db, key);
  const existing = await repo.findDocument(db, key);
  const stored = existing ? await repo.documentChunks(db, existing.id) : [];
  const plan = planChunks(stored, source.chunks, embedder !== null);
  const embedded = await embedChunks(embedder, plan.added);
  await writeDocument(db, existing?.id ?? null, source, plan, embedded.vectors);
  if (embedded.error) {
    await recordFailure(db, source.spaceId, `${source.title} (embeddings)`, embedded.error);
  }
}

async function recordFailure(db: Database, spaceId: string | null, what: string, error: unknown) {
  if (!spaceId) return;
  const message = error instanceof Error ? error.message : String(error);
  await repo.setIndexError(db, spaceId, `${what}: ${message}`.slice(0, 1000));
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
    await repo.setIndexError(tx, spaceId, null);
    const pageIds = await repo.livePageIds(tx, spaceId);
    await enqueueJobs(
      tx,
      Job.indexPage,
      pageIds.map((pageId) => ({ payload: { pageId }, key: pageId })),
    );
    const fileIds = await repo.liveFileIdsWithText(tx, spaceId);
    await enqueueJobs(
      tx,
      Job.indexFile,
      fileIds.map((fileId) => ({ payload: { fileId }, key: fileId })),
    );
    await repo.deleteOrphanDocuments(tx, spaceId);
    await repo.refreshIndexStats(tx, spaceId);
  });
}

/** Queues a full re-index (enable, settings that change what is indexed, the reindex button). */
export async function queueReindex(db: Executor, spaceId: string) {
  await enqueueJob(db, Job.reindexSpace, { spaceId }, { key: spaceId });
}

/** Index state for the space's AI detail. */
export async function indexState(db: Executor, spaceId: string) {
  const counts = await repo.indexCounts(db, spaceId);
  return { ...counts, pending: await repo.pendingIndexJobs(db, spaceId) };
}

/** What the index jobs need; app.ts builds it once. */
export interface IndexDeps {
  db: Database;
  /** opens the active provider's key: its embedding model embeds the chunks */
  cipher: KeyCipher;
  log: FastifyBaseLogger;
  /** false on PGlite: the index's tables are then vacuumed by a job after indexing */
  autovacuum: boolean;
}

async function activeEmbedder(deps: IndexDeps) {
  return embedderOf(await activeProvider(deps.db, deps.cipher));
}

/** PGlite has no autovacuum: without it, ranking's index-only scans read a heap page per posting. */
async function vacuumLater(deps: IndexDeps) {
  if (deps.autovacuum) return;
  await enqueueJob(deps.db, Job.vacuumAiIndex, {}, { key: 'ai', delayMs: vacuumDelayMs });
}

export function indexPageHandler(deps: IndexDeps) {
  return async ({ pageId }: PayloadOf<typeof Job.indexPage>) => {
    await indexPage(deps.db, pageId, await activeEmbedder(deps));
    await vacuumLater(deps);
  };
}

export function indexFileHandler(deps: IndexDeps) {
  return async ({ fileId }: PayloadOf<typeof Job.indexFile>) => {
    await indexFile(deps.db, fileId, await activeEmbedder(deps));
    await vacuumLater(deps);
  };
}

export function reindexSpaceHandler(deps: IndexDeps) {
  return async ({ spaceId }: PayloadOf<typeof Job.reindexSpace>) => {
    await reindexSpace(deps.db, spaceId);
    deps.log.info({ spaceId }, 'AI re-index queued');
  };
}

/** Marks the postings' pages all-visible, so BM25 reads tf and dl from the index alone. */
export function vacuumIndexHandler(deps: IndexDeps) {
  return async () => {
    await repo.vacuumIndex(deps.db);
  };
}
