// Keeps the search index (search_docs + search_postings, docs/decisions/search.md) up to date:
// pages and files through the jobs that already follow their changes (Job.indexPage,
// Job.indexFile, handled in app.ts beside the AI index), topics, links and quick notes in the
// transaction that changes them (a title is cheap to cut). Deleting is not indexing: search
// checks the live rows at query time, and a purge cascades.
import crypto from 'node:crypto';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import {
  notes,
  pageBlocks,
  pageVersions,
  searchDocs,
  searchPostings,
  spaceFileTexts,
  spaceFiles,
  spaceNodes,
} from '../../db/schema/index.js';
import { enqueueJobs } from '../../infra/jobs/job-queue.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import {
  foldText,
  initialsMark,
  initialsTerms,
  searchTerms,
} from '../../infra/search/search-terms.js';
import { termFormat } from '../../infra/search/tokenizer.js';
import { blockSegments } from '../../lib/block-text.js';

/** A title's terms count this many times (a word in the title ranks above one in the text). */
const titleWeight = 3;
/** Text beyond this is not indexed (a file's extracted text can be long). */
const maxBodyChars = 200_000;
/** The search index's own format: bump it to re-index everything (with the tokenizer's). */
const searchFormat = 2;
/** Pinyin initials of a title are also found by their beginnings this long (`gz` for 规章制度). */
const initialsPrefixes = { shortest: 2, longest: 12 };

type DocType = 'page' | 'topic' | 'link' | 'file' | 'note';
type Variant = 'draft' | 'published' | 'all';

interface SearchSource {
  type: DocType;
  variant: Variant;
  objectId: string;
  spaceId: string | null;
  nodeId?: string;
  fileId?: string;
  noteId?: string;
  ownerId?: number;
  /** who made it (the author filter) */
  authorId: number;
  /** when it last changed (the updated-date filter) */
  updatedAt: Date;
  version?: number | null;
  title: string;
  body: string;
  blocks?: Array<[string, number]>;
}

/** Page blocks as text, one block a line, with where each block starts. */
export function blocksText(blocks: readonly unknown[]) {
  let body = '';
  const starts: Array<[string, number]> = [];
  for (const segment of blockSegments(blocks)) {
    if (segment.blockId) starts.push([segment.blockId, body.length]);
    body += segment.text + '\n';
  }
  return { body: body.slice(0, maxBodyChars), blocks: starts };
}

/**
 * Each pinyin-initials term of a title and its beginnings (2 to 12 letters): typing `gz`, `gzz`
 * finds 规章制度 as `gzzd` does. Beginnings are not counted in the document's length.
 */
function initialsWithPrefixes(title: string) {
  const whole = initialsTerms(title);
  const prefixes = new Set<string>();
  for (const term of whole) {
    const letters = term.length - initialsMark.length;
    const longest = Math.min(letters - 1, initialsPrefixes.longest);
    for (let n = initialsPrefixes.shortest; n <= longest; n += 1) {
      prefixes.add(term.slice(0, initialsMark.length + n));
    }
  }
  return { whole, prefixes: [...prefixes].filter((term) => !whole.includes(term)) };
}

/** A document's terms with their (title-weighted) frequencies, and its length in terms. */
export function documentTerms(title: string, body: string) {
  const counts = new Map<string, number>();
  let length = 0;
  const count = (term: string, weight: number) => {
    counts.set(term, (counts.get(term) ?? 0) + weight);
    length += 1;
  };
  for (const term of searchTerms(title)) count(term.slice(0, 64), titleWeight);
  const initials = initialsWithPrefixes(title);
  for (const term of initials.whole) count(term, titleWeight);
  for (const term of initials.prefixes) counts.set(term, (counts.get(term) ?? 0) + titleWeight);
  for (const term of searchTerms(body)) count(term.slice(0, 64), 1);
  return { counts, length };
}

async function store(db: Executor, source: SearchSource) {
  const hash = crypto
    .createHash('sha256')
    .update(`${searchFormat}.${termFormat()}\n${source.title}\n${source.body}`)
    .digest('hex');
  const [existing] = await db
    .select({
      id: searchDocs.id,
      hash: searchDocs.hash,
      version: searchDocs.version,
      authorId: searchDocs.authorId,
      updatedAt: searchDocs.updatedAt,
    })
    .from(searchDocs)
    .where(and(eq(searchDocs.objectId, source.objectId), eq(searchDocs.variant, source.variant)));
  if (existing && existing.hash === hash && existing.version === (source.version ?? null)) {
    // the same words: only the filters' author and date may have moved (a save without changes)
    if (
      existing.authorId !== source.authorId ||
      existing.updatedAt?.getTime() !== source.updatedAt.getTime()
    ) {
      await db
        .update(searchDocs)
        .set({ authorId: source.authorId, updatedAt: source.updatedAt })
        .where(eq(searchDocs.id, existing.id));
    }
    return;
  }
  const { counts, length } = documentTerms(source.title, source.body);
  const values = {
    type: source.type,
    variant: source.variant,
    objectId: source.objectId,
    spaceId: source.spaceId,
    nodeId: source.nodeId ?? null,
    fileId: source.fileId ?? null,
    noteId: source.noteId ?? null,
    ownerId: source.ownerId ?? null,
    authorId: source.authorId,
    updatedAt: source.updatedAt,
    version: source.version ?? null,
    title: source.title,
    body: source.body,
    folded: foldText(`${source.title}\n${source.body}`),
    blocks: source.blocks ?? [],
    length: Math.max(length, 1),
    hash,
    indexedAt: new Date(),
  };
  let docId: number;
  if (existing) {
    docId = existing.id;
    await db.update(searchDocs).set(values).where(eq(searchDocs.id, docId));
    await db.delete(searchPostings).where(eq(searchPostings.docId, docId));
  } else {
    const [inserted] = await db.insert(searchDocs).values(values).returning({ id: searchDocs.id });
    docId = inserted!.id;
  }
  const postings = [...counts].map(([term, tf]) => ({ term, docId, tf, length: values.length }));
  for (let start = 0; start < postings.length; start += 2000) {
    await db.insert(searchPostings).values(postings.slice(start, start + 2000));
  }
}

async function drop(db: Executor, objectId: string, variant?: Variant) {
  await db
    .delete(searchDocs)
    .where(
      and(eq(searchDocs.objectId, objectId), variant ? eq(searchDocs.variant, variant) : undefined),
    );
}

/**
 * Deletes a space's search documents (its purge) with their postings in one statement each; the
 * cascade from the space row would delete the postings a document at a time.
 */
export async function deleteSpaceFromSearch(db: Executor, spaceId: string) {
  await db.execute(sql`delete from search_postings where doc_id in
    (select "search_docs"."id" from search_docs where "search_docs"."space_id" = ${spaceId})`);
  await db.delete(searchDocs).where(eq(searchDocs.spaceId, spaceId));
}

/** A page's draft (for editors) and its published version (for readers). */
export async function indexPageForSearch(db: Executor, pageId: string) {
  await db.transaction(async (tx) => {
    const [node] = await tx
      .select()
      .from(spaceNodes)
      .where(eq(spaceNodes.id, pageId))
      .for('update');
    if (!node) return drop(tx, pageId);
    // Deleting a node queues this job for each node deleted with it. A topic's or a link's entry
    // is kept (search hides nodes in the bin), so that this job, run after a quick restore, does
    // not take away what the restore brought back.
    if (node.type !== 'page') return indexNodeForSearch(tx, node);
    const draft = await tx
      .select({ data: pageBlocks.data })
      .from(pageBlocks)
      .where(eq(pageBlocks.pageId, pageId))
      .orderBy(asc(pageBlocks.position));
    const page = {
      type: 'page' as const,
      objectId: pageId,
      spaceId: node.spaceId,
      nodeId: pageId,
      authorId: node.createdBy,
    };
    await store(tx, {
      ...page,
      variant: 'draft',
      updatedAt: node.updatedAt,
      title: node.name,
      ...blocksText(draft.map((row) => row.data)),
    });
    if (node.publishedVersion === null) return drop(tx, pageId, 'published');
    const [published] = await tx
      .select({ blocks: pageVersions.blocks, createdAt: pageVersions.createdAt })
      .from(pageVersions)
      .where(and(eq(pageVersions.pageId, pageId), eq(pageVersions.version, node.publishedVersion)));
    await store(tx, {
      ...page,
      variant: 'published',
      version: node.publishedVersion,
      // readers' date is the publication's: a draft's saves are not theirs to see
      updatedAt: published?.createdAt ?? node.updatedAt,
      title: node.name,
      ...blocksText(Array.isArray(published?.blocks) ? published.blocks : []),
    });
  });
}

/** A topic's name, a link's name and address. Pages go through `indexPageForSearch`. */
export async function indexNodeForSearch(
  db: Executor,
  node: {
    id: string;
    spaceId: string;
    type: string;
    name: string;
    url: string | null;
    createdBy: number;
    updatedAt: Date;
  },
) {
  if (node.type !== 'topic' && node.type !== 'link') return;
  await store(db, {
    type: node.type,
    variant: 'all',
    objectId: node.id,
    spaceId: node.spaceId,
    nodeId: node.id,
    authorId: node.createdBy,
    updatedAt: node.updatedAt,
    title: node.name,
    body: node.url ?? '',
  });
}

/** A file's name and extracted text. */
export async function indexFileForSearch(db: Executor, fileId: string) {
  await db.transaction(async (tx) => {
    const [file] = await tx
      .select({
        id: spaceFiles.id,
        spaceId: spaceFiles.spaceId,
        name: spaceFiles.name,
        uploadedBy: spaceFiles.uploadedBy,
        updatedAt: spaceFiles.updatedAt,
      })
      .from(spaceFiles)
      .where(eq(spaceFiles.id, fileId));
    if (!file) return drop(tx, fileId);
    const [text] = await tx
      .select({ text: spaceFileTexts.text })
      .from(spaceFileTexts)
      .where(eq(spaceFileTexts.fileId, fileId));
    await store(tx, {
      type: 'file',
      variant: 'all',
      objectId: fileId,
      spaceId: file.spaceId,
      fileId,
      authorId: file.uploadedBy,
      updatedAt: file.updatedAt,
      title: file.name,
      body: (text?.text ?? '').slice(0, maxBodyChars),
    });
  });
}

/** A quick note (found by its author only). */
export async function indexNoteForSearch(
  db: Executor,
  note: { id: string; userId: number; title: string; text: string; updatedAt: Date },
) {
  await store(db, {
    type: 'note',
    variant: 'all',
    objectId: note.id,
    spaceId: null,
    noteId: note.id,
    ownerId: note.userId,
    authorId: note.userId,
    updatedAt: note.updatedAt,
    title: note.title,
    body: note.text.slice(0, maxBodyChars),
  });
}

/**
 * Marks the postings' pages all-visible, so ranking reads tf and length from the key alone. Run by
 * the index upkeep job on PGlite, which has no autovacuum (app.ts, beside the AI index's).
 */
export async function vacuumSearchIndex(db: Executor) {
  await db.execute(sql`vacuum (analyze) search_postings, search_docs`);
}

/**
 * Everything not in the index yet (after the upgrade that added search or its filters): topics,
 * links and notes here, pages and files as their usual jobs. A document indexed before the
 * filters (no `updated_at`) counts as missing; it is still found until its object is re-indexed.
 */
export async function indexAllForSearch(db: Executor) {
  const missing = (column: SQL) =>
    sql`not exists (select 1 from search_docs d where d.object_id = ${column} and d.updated_at is not null)`;
  const nodes = await db
    .select()
    .from(spaceNodes)
    .where(missing(sql`"space_nodes"."id"`));
  for (const node of nodes) {
    if (node.type !== 'page') await indexNodeForSearch(db, node);
  }
  await enqueueJobs(
    db,
    Job.indexPage,
    nodes.filter((n) => n.type === 'page').map((n) => ({ payload: { pageId: n.id }, key: n.id })),
  );
  const files = await db
    .select({ id: spaceFiles.id })
    .from(spaceFiles)
    .where(missing(sql`"space_files"."id"`));
  await enqueueJobs(
    db,
    Job.indexFile,
    files.map((f) => ({ payload: { fileId: f.id }, key: f.id })),
  );
  for (const note of await db
    .select()
    .from(notes)
    .where(missing(sql`"notes"."id"`))) {
    await indexNoteForSearch(db, note);
  }
}
