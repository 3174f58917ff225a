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
import { giveWay, groupsOf } from '../../lib/give-way.js';
import { blocksOf } from '../page/index.js';
import * as repo from './ai-index.repo.js';
import { chunkPage, chunkText, type Chunk } from './chunker.js';
import { embedderOf, type Embedder } from './embedding.js';
import { passageTerms } from './passage-terms.js';
import { activeProvider } from './provider.service.js';
import { findSpaceAi } from './space-ai.repo.js';

/** One vacuum this long after indexing starts, however many pages were indexed meanwhile. */
const vacuumDelayMs = 60_000;
/** While index jobs are due the vacuum waits, looking again this often, at most this long. */
const vacuumRetryMs = 5_000;
const vacuumPutOffMs = 10 * 60_000;

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

/** Terms of texts cut once: a document's title and heading paths recur in each of its chunks. */
type TermCache = Map<string, string[]>;

function cachedTerms(cache: TermCache, text: string) {
  let terms = cache.get(text);
  if (!terms) {
    terms = passageTerms(text);
    cache.set(text, terms);
  }
  return terms;
}

/** The terms a chunk is found by: its text, its document's title and its heading path. */
function chunkTerms(title: string, chunk: Chunk, cache: TermCache = new Map()) {
  return [
    ...passageTerms(chunk.text),
    ...cachedTerms(cache, title),
    ...cachedTerms(cache, chunk.headingPath),
  ];
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
  if (existing && !changes({ pageId: '', source, document: existing, plan })) return;
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
  await indexPages(db, [pageId], embedder);
}

/** What many pages contribute now (null: nothing), read in a few statements. */
async function pageSources(db: Database, pageIds: string[]) {
  const sources = new Map<string, Source | null>(pageIds.map((id) => [id, null]));
  const nodes = await repo.livePages(db, pageIds);
  const settings = new Map<string, Awaited<ReturnType<typeof findSpaceAi>>>();
  for (const spaceId of new Set(nodes.map((node) => node.spaceId))) {
    settings.set(spaceId, await findSpaceAi(db, spaceId));
  }
  const indexed = nodes.filter((node) => {
    const ai = settings.get(node.spaceId);
    return ai?.enabled && (node.publishedVersion !== null || ai.includeDrafts);
  });
  const published = await repo.publishedBlocks(
    db,
    indexed.filter((node) => node.publishedVersion !== null).map((node) => node.id),
  );
  const drafts = await repo.draftBlocksOf(
    db,
    indexed.filter((node) => node.publishedVersion === null).map((node) => node.id),
  );
  for (const [index, node] of indexed.entries()) {
    if (index % 10 === 9) await giveWay();
    let blocks: unknown[];
    let version: number | null = null;
    if (node.publishedVersion !== null) {
      const row = published.get(node.id);
      if (!row) continue;
      blocks = blocksOf(row.blocks);
      version = row.version;
    } else {
      blocks = blocksOf(drafts.get(node.id) ?? []);
    }
    sources.set(node.id, {
      spaceId: node.spaceId,
      sourceType: 'page',
      pageId: node.id,
      fileId: null,
      title: node.name,
      version,
      chunks: chunkPage(node.name, blocks),
    });
  }
  return sources;
}

/** A page's document to write: what it holds now and how its stored chunks become that. */
interface PageWrite {
  pageId: string;
  source: Source;
  document: repo.DocumentRow | undefined;
  plan: ChunkPlan;
}

/** Whether writing the page would change anything (a re-index of an unchanged page writes nothing). */
function changes(write: PageWrite) {
  const { document, source, plan } = write;
  return (
    !document ||
    document.title !== source.title ||
    document.version !== source.version ||
    document.spaceId !== source.spaceId ||
    plan.added.length > 0 ||
    plan.removed.length > 0 ||
    plan.kept.some((item) => item.ordinal !== item.chunk.ordinal)
  );
}

/**
 * Indexes many pages at once (a batch of index jobs, an import's thousands of pages): their
 * state read in a few statements, unchanged chunks kept (by hash), the new ones cut and
 * embedded before any transaction, then every page's changes written in one transaction —
 * chunks in multi-row inserts, postings in one `jsonb_to_recordset` insert per 20,000 rows, the
 * space statistics moved once. Pages whose index holds what they hold now are not written.
 */
export async function indexPages(
  db: Database,
  pageIds: readonly string[],
  embedder: Embedder | null,
  options: { postingsPerTransaction?: number } = {},
) {
  const ids = [...new Set(pageIds)];
  if (ids.length === 0) return;
  let sources = new Map<string, Source | null>();
  try {
    sources = await pageSources(db, ids);
    const documents = await repo.pageDocuments(db, ids);
    for (const id of ids) {
      if (!sources.get(id) && documents.has(id)) {
        await removeDocument(db, { sourceType: 'page', id });
      }
    }
    const present = ids.flatMap((pageId) => {
      const source = sources.get(pageId);
      return source ? [{ pageId, source, document: documents.get(pageId) }] : [];
    });
    const stored = await repo.chunksOfDocuments(
      db,
      present.flatMap((item) => (item.document ? [item.document.id] : [])),
    );
    const writes = present
      .map((item) => ({
        ...item,
        plan: planChunks(
          item.document ? (stored.get(item.document.id) ?? []) : [],
          item.source.chunks,
          embedder !== null,
        ),
      }))
      .filter(changes);
    if (writes.length === 0) return;
    const added = writes.flatMap((write) => write.plan.added);
    const embedded = await embedChunks(embedder, added);
    await writeDocuments(
      db,
      writes,
      embedded.vectors,
      options.postingsPerTransaction ?? Number.POSITIVE_INFINITY,
    );
    if (embedded.error) {
      for (const spaceId of new Set(writes.map((write) => write.source.spaceId))) {
        await recordFailure(db, spaceId, 'embeddings', embedded.error);
      }
    }
  } catch (error) {
    // a batch that fails is run again page by page (job-queue.ts): each page's failure is its own
    if (ids.length === 1) {
      const source = sources.get(ids[0]!);
      await recordFailure(db, source?.spaceId ?? null, source?.title ?? ids[0]!, error);
    }
    throw error;
  }
}

/** A page's write with its new chunks' terms (cut before any transaction). */
interface TermedWrite extends PageWrite {
  /** per added chunk: its terms in order, and each distinct term's frequency */
  terms: Array<{ list: string[]; counts: Map<string, number> }>;
  postings: number;
  vectors: Array<number[] | null>;
}

/**
 * Writes the planned chunks of many pages and moves their spaces' statistics, in transactions
 * of at most `postingsPerTransaction` postings (a page is never split): on PGlite a transaction
 * holds every request back until it ends, so its writes are cut to tens of milliseconds; on
 * PostgreSQL one transaction takes a whole batch.
 */
async function writeDocuments(
  db: Database,
  writes: PageWrite[],
  vectors: number[][] | null,
  postingsPerTransaction: number,
) {
  // the CPU part before any transaction, giving way to requests every few pages
  const cache: TermCache = new Map();
  const termed: TermedWrite[] = [];
  let vector = 0;
  for (const [index, write] of writes.entries()) {
    if (index % 10 === 9) await giveWay();
    const terms = write.plan.added.map((chunk) => {
      const list = chunkTerms(write.source.title, chunk, cache);
      return { list, counts: termFrequencies(list) };
    });
    termed.push({
      ...write,
      terms,
      postings: terms.reduce((sum, chunk) => sum + chunk.counts.size, 0),
      vectors: write.plan.added.map(() => vectors?.[vector++] ?? null),
    });
  }
  for (const group of groupsOf(termed, (write) => write.postings, postingsPerTransaction)) {
    await db.transaction((tx) => writeGroup(tx, group));
  }
}

async function writeGroup(tx: Executor, writes: TermedWrite[]) {
  await repo.deleteChunks(
    tx,
    writes.flatMap((write) => write.plan.removed),
  );
  for (const write of writes) {
    for (const item of write.plan.kept) {
      if (item.ordinal !== item.chunk.ordinal) {
        await repo.setChunkOrdinal(tx, item.id, item.chunk.ordinal);
      }
    }
  }
  await repo.updateDocuments(
    tx,
    writes.flatMap((write) =>
      write.document
        ? [
            {
              id: write.document.id,
              spaceId: write.source.spaceId,
              title: write.source.title,
              version: write.source.version,
            },
          ]
        : [],
    ),
  );
  const indexedAt = new Date();
  const newIds = await repo.insertDocuments(
    tx,
    writes
      .filter((write) => !write.document)
      .map((write) => ({
        spaceId: write.source.spaceId,
        sourceType: 'page' as const,
        pageId: write.pageId,
        fileId: null,
        title: write.source.title,
        version: write.source.version,
        indexedAt,
      })),
  );
  const documentIdOf = (write: PageWrite) => write.document?.id ?? newIds.get(write.pageId)!;
  const inserted = await repo.insertChunks(
    tx,
    writes.flatMap((write) =>
      write.plan.added.map((chunk, position) => ({
        documentId: documentIdOf(write),
        spaceId: write.source.spaceId,
        ordinal: chunk.ordinal,
        blockIds: chunk.blockIds,
        blockStarts: chunk.blockStarts,
        headingPath: chunk.headingPath,
        text: chunk.text,
        hash: chunk.hash,
        termCount: write.terms[position]!.list.length,
        embedding: write.vectors[position] ?? null,
      })),
    ),
  );
  const termsOf = new Map<string, TermedWrite['terms'][number]>();
  const spaceOf = new Map<string, string>();
  for (const write of writes) {
    spaceOf.set(documentIdOf(write), write.source.spaceId);
    write.plan.added.forEach((chunk, position) =>
      termsOf.set(`${documentIdOf(write)}.${chunk.ordinal}`, write.terms[position]!),
    );
  }
  const postingsBySpace = new Map<string, repo.Posting[]>();
  for (const row of inserted) {
    const terms = termsOf.get(`${row.documentId}.${row.ordinal}`);
    if (!terms) continue;
    const spaceId = spaceOf.get(row.documentId)!;
    const list = postingsBySpace.get(spaceId) ?? [];
    for (const [term, tf] of terms.counts) {
      list.push({ term, chunk_id: row.id, tf, dl: terms.list.length });
    }
    postingsBySpace.set(spaceId, list);
  }
  for (const [spaceId, postings] of postingsBySpace) {
    await repo.insertPostings(tx, spaceId, postings);
  }
  const stats = new Map<string, { chunks: number; terms: number }>();
  for (const write of writes) {
    const change = stats.get(write.source.spaceId) ?? { chunks: 0, terms: 0 };
    change.chunks += write.plan.added.length - write.plan.removed.length;
    change.terms +=
      write.terms.reduce((sum, chunk) => sum + chunk.list.length, 0) - write.plan.removedTerms;
    stats.set(write.source.spaceId, change);
  }
  for (const [spaceId, change] of stats) await repo.addIndexStats(tx, spaceId, change);
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
  /** the most postings one transaction of a batch writes (small on PGlite: it blocks reads) */
  postingsPerTransaction: number;
}

async function activeEmbedder(deps: IndexDeps) {
  return embedderOf(await activeProvider(deps.db, deps.cipher));
}

/** PGlite has no autovacuum: without it, ranking's index-only scans read a heap page per posting. */
async function vacuumLater(deps: IndexDeps) {
  if (deps.autovacuum) return;
  await enqueueJob(deps.db, Job.vacuumAiIndex, {}, { key: 'ai', delayMs: vacuumDelayMs });
}

/** Index jobs a batch takes at most. */
export const indexBatchSize = 100;
/**
 * On PGlite a transaction holds every request back until it ends: a batch's writes go in
 * transactions of about this many postings (≈ 50 ms there; docs/performance.md 'Indexing').
 */
export const pglitePostingsPerTransaction = 2500;

/** The index jobs of many pages at once (batched by the queue). */
export function indexPagesHandler(deps: IndexDeps) {
  return async (payloads: Array<PayloadOf<typeof Job.indexPage>>) => {
    await indexPages(
      deps.db,
      payloads.map((payload) => payload.pageId),
      await activeEmbedder(deps),
      { postingsPerTransaction: deps.postingsPerTransaction },
    );
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
  return async ({ since }: PayloadOf<typeof Job.vacuumAiIndex>): Promise<boolean> => {
    // A vacuum of millions of postings holds PGlite's thread for up to a second a table: while
    // an import is being indexed it waits for the queue's end (at most `vacuumPutOffMs`).
    const first = since ?? Date.now();
    if (Date.now() - first < vacuumPutOffMs && (await repo.indexJobsDue(deps.db))) {
      await enqueueJob(
        deps.db,
        Job.vacuumAiIndex,
        { since: first },
        { key: 'ai', delayMs: vacuumRetryMs },
      );
      return false;
    }
    await repo.vacuumIndex(deps.db);
    return true;
  };
}
