// The content tree of a space (topics, pages, external links in one table, ordered by
// fractional positions per parent), page blocks, published versions and comments.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { spaces } from './spaces.js';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const nodeTypes = ['topic', 'page', 'link'] as const;

export const spaceNodes = pgTable(
  'space_nodes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    /** the topic this node sits in; null at the space root */
    parentId: uuid('parent_id'),
    type: text('type', { enum: nodeTypes }).notNull(),
    name: text('name').notNull(),
    position: text('position').notNull(),
    /** external links only */
    url: text('url'),
    /** page icon (emoji or image path) */
    avatar: text('avatar'),
    /** pages: the draft's revision, raised by every save (stale saves get 409) */
    revision: integer('revision').notNull().default(0),
    /** pages: the version readers see; null when not published */
    publishedVersion: integer('published_version'),
    /**
     * topics: closed to visitors — the topic and its whole subtree are hidden from visitors
     * (non-members) even in a space open to them (visibility.ts)
     */
    visitorsClosed: boolean('visitors_closed').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
    /** nodes deleted together (a topic with its subtree) share the recycle item's id */
    recycleItemId: uuid('recycle_item_id'),
  },
  (table) => [
    index('space_nodes_space_parent_idx').on(table.spaceId, table.parentId, table.position),
    index('space_nodes_recycle_idx').on(table.recycleItemId),
    index('space_nodes_visitors_closed_idx')
      .on(table.spaceId)
      .where(sql`${table.visitorsClosed}`),
    check('space_nodes_type_check', sql`${table.type} in ('topic','page','link')`),
  ],
);

/** One row per top-level block of a page's draft; the block's JSON includes its children. */
export const pageBlocks = pgTable(
  'page_blocks',
  {
    pageId: uuid('page_id')
      .notNull()
      .references(() => spaceNodes.id, { onDelete: 'cascade' }),
    blockId: text('block_id').notNull(),
    position: text('position').notNull(),
    data: jsonb('data').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.pageId, table.blockId] }),
    index('page_blocks_order_idx').on(table.pageId, table.position),
  ],
);

/** A named, numbered snapshot of a page's blocks. */
export const pageVersions = pgTable(
  'page_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => spaceNodes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    blocks: jsonb('blocks').notNull(),
    createdBy: bigint('created_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('page_versions_number_unique').on(table.pageId, table.version),
    unique('page_versions_name_unique').on(table.pageId, table.name),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => spaceNodes.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    /** the block the comment is anchored to, if any */
    blockId: text('block_id'),
    content: text('content').notNull(),
    createdBy: bigint('created_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (table) => [index('comments_page_idx').on(table.pageId, table.createdAt)],
);

/** Bytes as PostgreSQL's bytea: Buffer from `pg`, Uint8Array from PGlite. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A page being edited live: its Yjs document (the draft as BlockNote writes it) merged up to
 * `through`, the last update folded in. The draft's block rows are derived from it.
 */
export const pageDocuments = pgTable('page_documents', {
  pageId: uuid('page_id')
    .primaryKey()
    .references(() => spaceNodes.id, { onDelete: 'cascade' }),
  state: bytes('state').notNull(),
  through: bigint('through', { mode: 'number' }).notNull().default(0),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Updates to a page's document not yet folded into its state, in the order they arrived. */
export const pageDocumentUpdates = pgTable(
  'page_document_updates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pageDocuments.pageId, { onDelete: 'cascade' }),
    update: bytes('update').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('page_document_updates_page_idx').on(table.pageId, table.id)],
);
