// Keeps the search index (search_docs + search_postings, docs/decisions/search.md) up to date:
// pages and files through the jobs that already follow their changes (Job.indexPage,
// Job.indexFile, handled in app.ts beside the AI index), topics, links and quick notes in the
// transaction that changes them (a title is cheap to cut). Deleting is not indexing: search
// checks the live rows at query time, and a purge cascades.
import crypto from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
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
import { giveWay, groupsOf } from '../../lib/give-way.js';
import { byPosition } from '../../lib/position.js';

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
  await indexPagesForSearch(db, [pageId]);
}

/** A source's hash: of its title, body and the term formats (unchanged → not indexed again). */
function hashOf(source: SearchSource) {
  return crypto
    .createHash('sha256')
    .update(`${searchFormat}.${termFormat()}\n${source.title}\n${source.body}`)
    .digest('hex');
}

/** search_docs' columns as one JSON row of `jsonb_to_recordset` (one parameter per statement). */
function docRow(source: SearchSource, hash: string, length: number) {
  return {
    type: source.type,
    variant: source.variant,
    object_id: source.objectId,
    space_id: source.spaceId,
    node_id: source.nodeId ?? null,
    file_id: source.fileId ?? null,
    note_id: source.noteId ?? null,
    owner_id: source.ownerId ?? null,
    author_id: source.authorId,
    updated_at: source.updatedAt.toISOString(),
    version: source.version ?? null,
    title: source.title,
    body: source.body,
    folded: foldText(`${source.title}\n${source.body}`),
    blocks: source.blocks ?? [],
    length,
    hash,
  };
}

const docColumns = sql.raw(`type text, variant text, object_id uuid, space_id uuid, node_id uuid,
  file_id uuid, note_id uuid, owner_id bigint, author_id bigint, updated_at timestamptz,
  version int, title text, body text, folded text, blocks jsonb, length int, hash text`);

/**
 * Pages' drafts and published versions, many pages at once (the index jobs' batch, an import's
 * thousands of pages): read in a few statements, cut outside any transaction, and written in one
 * transaction of set-based statements — documents and postings each one `jsonb_to_recordset`
 * insert. Unchanged documents (same hash) are not written. A page changed between the read and
 * the write (its row moved on) is queued to be indexed again. On PGlite the writes
 * go in transactions of a few thousand postings, so none holds requests back for long.
 */
export async function indexPagesForSearch(
  db: Executor,
  pageIds: readonly string[],
  /** the most postings one transaction writes (small on PGlite: a transaction blocks reads) */
  options: { postingsPerTransaction?: number } = {},
) {
  const ids = [...new Set(pageIds)];
  if (ids.length === 0) return;
  const nodes = await db.select().from(spaceNodes).where(inArray(spaceNodes.id, ids));
  const pages = nodes.filter((node) => node.type === 'page');
  const pageIdList = pages.map((node) => node.id);
  const drafts = new Map<string, unknown[]>();
  const published = new Map<string, { blocks: unknown; createdAt: Date }>();
  if (pageIdList.length > 0) {
    for (const row of await db
      .select({ pageId: pageBlocks.pageId, data: pageBlocks.data })
      .from(pageBlocks)
      .where(inArray(pageBlocks.pageId, pageIdList))
      .orderBy(pageBlocks.pageId, byPosition(pageBlocks.position))) {
      const list = drafts.get(row.pageId) ?? [];
      list.push(row.data);
      drafts.set(row.pageId, list);
    }
    for (const row of await db
      .select({
        pageId: pageVersions.pageId,
        blocks: pageVersions.blocks,
        createdAt: pageVersions.createdAt,
      })
      .from(pageVersions)
      .innerJoin(
        spaceNodes,
        and(
          eq(spaceNodes.id, pageVersions.pageId),
          eq(spaceNodes.publishedVersion, pageVersions.version),
        ),
      )
      .where(inArray(spaceNodes.id, pageIdList))) {
      published.set(row.pageId, { blocks: row.blocks, createdAt: row.createdAt });
    }
  }
  const sources: SearchSource[] = [];
  const unpublished: string[] = [];
  for (const node of pages) {
    const page = {
      type: 'page' as const,
      objectId: node.id,
      spaceId: node.spaceId,
      nodeId: node.id,
      authorId: node.createdBy,
    };
    sources.push({
      ...page,
      variant: 'draft',
      updatedAt: node.updatedAt,
      title: node.name,
      ...blocksText(drafts.get(node.id) ?? []),
    });
    if (node.publishedVersion === null) {
      unpublished.push(node.id);
      continue;
    }
    const version = published.get(node.id);
    sources.push({
      ...page,
      variant: 'published',
      version: node.publishedVersion,
      // readers' date is the publication's: a draft's saves are not theirs to see
      updatedAt: version?.createdAt ?? node.updatedAt,
      title: node.name,
      ...blocksText(Array.isArray(version?.blocks) ? version.blocks : []),
    });
  }
  const existing = pageIdList.length
    ? await db
        .select({
          id: searchDocs.id,
          objectId: searchDocs.objectId,
          variant: searchDocs.variant,
          hash: searchDocs.hash,
          version: searchDocs.version,
          authorId: searchDocs.authorId,
          updatedAt: searchDocs.updatedAt,
        })
        .from(searchDocs)
        .where(inArray(searchDocs.objectId, pageIdList))
    : [];
  const stored = new Map(existing.map((row) => [`${row.objectId}.${row.variant}`, row]));
  const dated: Array<{ id: number; source: SearchSource }> = [];
  const changed: Array<{ id: number | null; source: SearchSource; hash: string }> = [];
  for (const source of sources) {
    const hash = hashOf(source);
    const row = stored.get(`${source.objectId}.${source.variant}`);
    if (row && row.hash === hash && row.version === (source.version ?? null)) {
      // the same words: only the filters' author and date may have moved (a save without changes)
      if (
        row.authorId !== source.authorId ||
        row.updatedAt?.getTime() !== source.updatedAt.getTime()
      ) {
        dated.push({ id: row.id, source });
      }
    } else {
      changed.push({ id: row?.id ?? null, source, hash });
    }
  }
  // the CPU part, before any transaction (on PGlite a transaction holds every request back),
  // giving way to requests every few documents
  const writes: Array<(typeof changed)[number] & { terms: ReturnType<typeof documentTerms> }> = [];
  for (const [index, item] of changed.entries()) {
    if (index % 10 === 9) await giveWay();
    writes.push({ ...item, terms: documentTerms(item.source.title, item.source.body) });
  }
  const missing = ids.filter((id) => !nodes.some((node) => node.id === id));
  const others = nodes.filter((node) => node.type !== 'page');
  const gone = unpublished.filter((id) => stored.has(`${id}.published`));
  const read = new Map(pages.map((node) => [node.id, node]));
  const groups = groupsOf(
    writes,
    (item) => item.terms.counts.size,
    options.postingsPerTransaction ?? Number.POSITIVE_INFINITY,
  );
  if (missing.length > 0 || others.length > 0 || gone.length > 0 || dated.length > 0) {
    await db.transaction(async (tx) => {
      for (const id of missing) await drop(tx, id);
      for (const node of others) await indexNodeForSearch(tx, node);
      const moved = await lockPages(tx, read, [
        ...gone,
        ...dated.map((item) => item.source.objectId),
      ]);
      const unpublishing = gone.filter((id) => !moved.has(id));
      if (unpublishing.length > 0) {
        await tx
          .delete(searchDocs)
          .where(
            and(inArray(searchDocs.objectId, unpublishing), eq(searchDocs.variant, 'published')),
          );
      }
      for (const { id, source } of dated) {
        if (moved.has(source.objectId)) continue;
        await tx
          .update(searchDocs)
          .set({ authorId: source.authorId, updatedAt: source.updatedAt })
          .where(eq(searchDocs.id, id));
      }
    });
  }
  for (const group of groups) {
    await db.transaction(async (tx) => {
      const moved = await lockPages(
        tx,
        read,
        group.map((item) => item.source.objectId),
      );
      await writeDocs(
        tx,
        group.filter((item) => !moved.has(item.source.objectId)),
      );
    });
  }
}

/**
 * Index jobs of one page may run at once on two instances: the pages' rows are locked, and
 * answered are those whose row moved on since it was read; they are queued to be indexed again
 * (the change that moved them may not have queued a job: not every change of the row does).
 */
async function lockPages(
  tx: Executor,
  read: Map<string, { updatedAt: Date; name: string; publishedVersion: number | null }>,
  pageIds: string[],
) {
  const ids = [...new Set(pageIds)];
  if (ids.length === 0) return new Set<string>();
  const locked = await tx
    .select({
      id: spaceNodes.id,
      updatedAt: spaceNodes.updatedAt,
      name: spaceNodes.name,
      publishedVersion: spaceNodes.publishedVersion,
    })
    .from(spaceNodes)
    .where(inArray(spaceNodes.id, ids))
    .orderBy(spaceNodes.id)
    .for('update');
  const moved = new Set(ids.filter((id) => !locked.some((row) => row.id === id)));
  for (const row of locked) {
    const node = read.get(row.id);
    if (
      !node ||
      node.updatedAt.getTime() !== row.updatedAt.getTime() ||
      node.name !== row.name ||
      node.publishedVersion !== row.publishedVersion
    ) {
      moved.add(row.id);
    }
  }
  // indexed again from what they hold now (a waiting job of the page makes this a no-op)
  await enqueueJobs(
    tx,
    Job.indexPage,
    locked
      .filter((row) => moved.has(row.id))
      .map((row) => ({ payload: { pageId: row.id }, key: row.id })),
  );
  return moved;
}

/** Documents written again or for the first time, with their postings, set-based. */
async function writeDocs(
  tx: Executor,
  writes: Array<{
    id: number | null;
    source: SearchSource;
    hash: string;
    terms: ReturnType<typeof documentTerms>;
  }>,
) {
  if (writes.length === 0) return;
  const rows = writes.map((item) => ({
    id: item.id,
    ...docRow(item.source, item.hash, Math.max(item.terms.length, 1)),
  }));
  const updated = rows.filter((row) => row.id !== null);
  if (updated.length > 0) {
    await tx.execute(
      sql`delete from search_postings where doc_id = any(${sql.raw(
        `array[${updated.map((row) => Number(row.id)).join(',')}]::bigint[]`,
      )})`,
    );
    await tx.execute(sql`
      update search_docs d set type = x.type, variant = x.variant, object_id = x.object_id,
        space_id = x.space_id, node_id = x.node_id, file_id = x.file_id, note_id = x.note_id,
        owner_id = x.owner_id, author_id = x.author_id, updated_at = x.updated_at,
        version = x.version, title = x.title, body = x.body, folded = x.folded,
        blocks = x.blocks, length = x.length, hash = x.hash, indexed_at = now()
      from jsonb_to_recordset(${JSON.stringify(updated)}::jsonb) as x(id bigint, ${docColumns})
      where d.id = x.id`);
  }
  const added = rows.filter((row) => row.id === null);
  const docIds = new Map(updated.map((row) => [`${row.object_id}.${row.variant}`, Number(row.id)]));
  if (added.length > 0) {
    const inserted = await queryRows<{ id: number | string; object_id: string; variant: string }>(
      tx,
      sql`
      insert into search_docs (type, variant, object_id, space_id, node_id, file_id, note_id,
        owner_id, author_id, updated_at, version, title, body, folded, blocks, length, hash)
      select x.type, x.variant, x.object_id, x.space_id, x.node_id, x.file_id, x.note_id,
        x.owner_id, x.author_id, x.updated_at, x.version, x.title, x.body, x.folded, x.blocks,
        x.length, x.hash
      from jsonb_to_recordset(${JSON.stringify(added)}::jsonb) as x(${docColumns})
      returning id, object_id, variant`,
    );
    for (const row of inserted) docIds.set(`${row.object_id}.${row.variant}`, Number(row.id));
  }
  const postings: Array<{ term: string; doc_id: number; tf: number; length: number }> = [];
  for (const item of writes) {
    const docId = docIds.get(`${item.source.objectId}.${item.source.variant}`)!;
    const length = Math.max(item.terms.length, 1);
    for (const [term, tf] of item.terms.counts) postings.push({ term, doc_id: docId, tf, length });
  }
  await insertSearchPostings(tx, postings);
}

/** postings rows per insert statement */
const postingsBatch = 20_000;

/**
 * Postings in statements of 20,000 rows, each one JSON parameter: binding thousands of separate
 * parameters costs more than the insert itself (measured on PGlite, as for the AI's postings).
 */
async function insertSearchPostings(
  tx: Executor,
  postings: Array<{ term: string; doc_id: number; tf: number; length: number }>,
) {
  for (let start = 0; start < postings.length; start += postingsBatch) {
    const batch = JSON.stringify(postings.slice(start, start + postingsBatch));
    await tx.execute(sql`
      insert into search_postings (term, doc_id, tf, length)
      select x.term, x.doc_id, x.tf, x.length
      from jsonb_to_recordset(${batch}::jsonb) as x(term text, doc_id bigint, tf real, length int)`);
  }
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
