// The search index (docs/decisions/search.md): one document per thing search finds —
// a page's draft and its published version, a topic, a link, a file (name and extracted text),
// a quick note — with its terms (jieba + bigrams + single characters + pinyin initials of the
// title, from infra/search/tokenizer.ts) in `search_postings` for BM25. Access is decided at
// query time against the live rows (space/visibility.ts), so the index never decides who reads.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { spaceFiles } from './files.js';
import { spaceNodes } from './content.js';
import { notes } from './personal.js';
import { spaces } from './spaces.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const searchDocs = pgTable(
  'search_docs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** page | topic | link | file | note */
    type: text('type').notNull(),
    /** pages: draft (editors) or published (readers); everything else: all */
    variant: text('variant').notNull(),
    /** the page's, topic's, link's, file's or note's id */
    objectId: uuid('object_id').notNull(),
    /** null for notes */
    spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    nodeId: uuid('node_id').references(() => spaceNodes.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').references(() => spaceFiles.id, { onDelete: 'cascade' }),
    noteId: uuid('note_id').references(() => notes.id, { onDelete: 'cascade' }),
    /** notes: their author */
    ownerId: bigint('owner_id', { mode: 'number' }),
    /** who made it (the author filter): a page's, topic's or link's creator, a file's uploader, a note's owner */
    authorId: bigint('author_id', { mode: 'number' }),
    /**
     * when it last changed (the updated-date filter): a draft's last save, a published page's
     * publication, a topic's, link's, file's or note's last change
     */
    updatedAt: at('updated_at'),
    /** published pages: the version indexed (stale when the page's published version moved) */
    version: integer('version'),
    title: text('title').notNull(),
    /** the text in the author's script (snippets quote it) */
    body: text('body').notNull(),
    /** title + newline + body, NFKC, lower-case, folded to Simplified: exact phrases match it */
    folded: text('folded').notNull(),
    /** pages: [[blockId, start offset in body], …] in body order */
    blocks: jsonb('blocks').notNull().default([]),
    /** number of terms (BM25's document length) */
    length: integer('length').notNull(),
    /** of title, body and the term format: an unchanged document is not indexed again */
    hash: text('hash').notNull(),
    indexedAt: at('indexed_at').notNull().defaultNow(),
  },
  (table) => [
    unique('search_docs_object_unique').on(table.objectId, table.variant),
    // the ranking's lookups read the small columns from the index alone: migration 0022 makes
    // it `(id) include (type, variant, space_id, owner_id, author_id, updated_at, length,
    // node_id, file_id, version)` by hand (drizzle has no INCLUDE)
    index('search_docs_rank_idx').on(table.id),
    index('search_docs_space_idx').on(table.spaceId),
    index('search_docs_node_idx').on(table.nodeId),
    index('search_docs_file_idx').on(table.fileId),
    index('search_docs_note_idx').on(table.noteId),
    check('search_docs_type_check', sql`${table.type} in ('page','topic','link','file','note')`),
    check('search_docs_variant_check', sql`${table.variant} in ('draft','published','all')`),
  ],
);

export const searchPostings = pgTable(
  'search_postings',
  {
    term: text('term').notNull(),
    docId: bigint('doc_id', { mode: 'number' })
      .notNull()
      .references(() => searchDocs.id, { onDelete: 'cascade' }),
    /** term frequency, title terms weighted up */
    tf: real('tf').notNull(),
    /** the document's length (search_docs.length): BM25 is scored from the postings alone */
    length: integer('length').notNull(),
  },
  (table) => [
    // migration 0027 adds `include (tf, length)` by hand: a term's postings are scored from the key alone
    primaryKey({ columns: [table.term, table.docId] }),
    index('search_postings_doc_idx').on(table.docId),
  ],
);
