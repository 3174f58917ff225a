// AI chat: model providers (system-wide), each space's AI settings and chat, users'
// conversations and their messages, and the retrieval index: documents (a page or a file),
// their chunks, and per-chunk term frequencies (postings) for BM25.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { spaceNodes } from './content.js';
import { spaces } from './spaces.js';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const aiProviders = pgTable('ai_providers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  baseUrl: text('base_url').notNull(),
  /** AES-256-GCM sealed (see infra/llm/key-cipher.ts); null when the endpoint needs none */
  apiKeySealed: text('api_key_sealed'),
  chatModel: text('chat_model').notNull(),
  embeddingModel: text('embedding_model'),
  embeddingDimension: integer('embedding_dimension'),
  rerankModel: text('rerank_model'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** One row per space that ever turned AI on; `chatId` names its chat in the API. */
export const spaceAi = pgTable('space_ai', {
  spaceId: uuid('space_id')
    .primaryKey()
    .references(() => spaces.id, { onDelete: 'cascade' }),
  chatId: uuid('chat_id').notNull().unique().defaultRandom(),
  enabled: boolean('enabled').notNull().default(false),
  prologue: text('prologue').notNull().default(''),
  instructions: text('instructions').notNull().default(''),
  topK: integer('top_k').notNull().default(5),
  includeDrafts: boolean('include_drafts').notNull().default(false),
  /** the last indexing failure of this space (cleared by the next success) */
  indexError: text('index_error'),
  indexedAt: at('indexed_at'),
  /** BM25 collection statistics of the space's chunks, kept by the indexer */
  chunkCount: integer('chunk_count').notNull().default(0),
  termTotal: bigint('term_total', { mode: 'number' }).notNull().default(0),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const aiSessions = pgTable(
  'ai_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prologue: text('prologue').notNull().default(''),
    pinnedAt: at('pinned_at'),
    lastConverseAt: at('last_converse_at').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('ai_sessions_owner_idx').on(table.spaceId, table.userId)],
);

export const aiMessageStatuses = ['streaming', 'done', 'stopped', 'failed'] as const;

export const aiMessages = pgTable(
  'ai_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => aiSessions.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull().default(''),
    prompt: text('prompt').notNull().default(''),
    referDocs: jsonb('refer_docs').notNull().default([]),
    status: text('status', { enum: aiMessageStatuses }).notNull().default('streaming'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('ai_messages_session_idx').on(table.sessionId, table.createdAt),
    check(
      'ai_messages_status_check',
      sql`${table.status} in ('streaming','done','stopped','failed')`,
    ),
  ],
);

/** One indexed source: a page (its published version, or its draft) or a file's text. */
export const aiDocuments = pgTable(
  'ai_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    sourceType: text('source_type', { enum: ['page', 'file'] }).notNull(),
    /** the page, or the page a file was uploaded into */
    pageId: uuid('page_id').references(() => spaceNodes.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id'),
    title: text('title').notNull(),
    /** the page version indexed; null = the draft (or a file) */
    version: integer('version'),
    indexedAt: at('indexed_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ai_documents_page_unique')
      .on(table.pageId)
      .where(sql`${table.sourceType} = 'page'`),
    uniqueIndex('ai_documents_file_unique')
      .on(table.fileId)
      .where(sql`${table.sourceType} = 'file'`),
    index('ai_documents_space_idx').on(table.spaceId),
    // the cascade from a purged node looks its documents up by page_id, which the partial unique
    // index above cannot answer (a scan of the whole table per node otherwise)
    index('ai_documents_page_idx').on(table.pageId),
    check('ai_documents_source_check', sql`${table.sourceType} in ('page','file')`),
  ],
);

export const aiChunks = pgTable(
  'ai_chunks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => aiDocuments.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id').notNull(),
    /** order within the document */
    ordinal: integer('ordinal').notNull(),
    /** the blocks the chunk was cut from, in order */
    blockIds: text('block_ids').array().notNull().default([]),
    /** where each block's text starts in the chunk's text (parallel to block_ids) */
    blockStarts: integer('block_starts').array().notNull().default([]),
    headingPath: text('heading_path').notNull().default(''),
    text: text('text').notNull(),
    /** sha-256 of title + heading path + text: an unchanged chunk is kept as it is */
    hash: text('hash').notNull(),
    /** number of terms (BM25 document length) */
    termCount: integer('term_count').notNull(),
    /** the embedding when a model is configured (cast to pgvector's vector at query time) */
    embedding: real('embedding').array(),
  },
  (table) => [
    index('ai_chunks_document_idx').on(table.documentId, table.ordinal),
    index('ai_chunks_space_idx').on(table.spaceId),
  ],
);

/**
 * Term frequencies per chunk: BM25 reads the postings of the query's terms only. The primary
 * key also carries tf and dl (INCLUDE, added in migration 0006), so ranking reads the index only.
 */
export const aiPostings = pgTable(
  'ai_postings',
  {
    spaceId: uuid('space_id').notNull(),
    term: text('term').notNull(),
    chunkId: bigint('chunk_id', { mode: 'number' })
      .notNull()
      .references(() => aiChunks.id, { onDelete: 'cascade' }),
    tf: integer('tf').notNull(),
    /** the chunk's term count, copied here so BM25 reads postings only */
    dl: integer('dl').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.spaceId, table.term, table.chunkId] }),
    index('ai_postings_chunk_idx').on(table.chunkId),
  ],
);

/**
 * How many chunks of a space hold each term (BM25's document frequency), kept by triggers on
 * ai_postings (migration 0006) so no question counts postings and no delete path can forget it.
 */
export const aiTerms = pgTable(
  'ai_terms',
  {
    spaceId: uuid('space_id').notNull(),
    term: text('term').notNull(),
    df: integer('df').notNull(),
  },
  (table) => [primaryKey({ columns: [table.spaceId, table.term] })],
);

/**
 * AI writing's model actions used, one counter per person and calendar month (UTC `YYYY-MM`):
 * the monthly quota is checked and counted in one conditional upsert, and the administrator's
 * list of use per person reads one month's rows.
 */
export const aiWriteUses = pgTable(
  'ai_write_uses',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    uses: integer('uses').notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.month] }),
    index('ai_write_uses_month_idx').on(table.month, table.uses),
  ],
);
