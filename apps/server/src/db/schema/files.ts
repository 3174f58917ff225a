// Files of spaces: the stored bytes (blobs, one per distinct content per space), the files that
// name them, and the text extracted from them for search and AI.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { spaceNodes } from './content.js';
import { spaces } from './spaces.js';
import { transfers } from './transfers.js';
import { users } from './users.js';
import { fileKinds, fileTextStatuses } from '@library/contract';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Bytes in storage; the same content uploaded twice into one space is stored once. */
export const fileBlobs = pgTable(
  'file_blobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    /** hex SHA-256 of the content */
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** generated key in the storage driver; never derived from a file name */
    storageKey: text('storage_key').notNull().unique(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [unique('file_blobs_space_sha256_unique').on(table.spaceId, table.sha256)],
);

export const spaceFiles = pgTable(
  'space_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    blobId: uuid('blob_id')
      .notNull()
      .references(() => fileBlobs.id),
    /** the page it was uploaded into; the file is in the bin while that page is */
    pageId: uuid('page_id').references(() => spaceNodes.id, { onDelete: 'set null' }),
    /** display name only */
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** sniffed from the bytes */
    mimeType: text('mime_type').notNull(),
    kind: text('kind', { enum: fileKinds }).notNull(),
    textStatus: text('text_status', { enum: fileTextStatuses }).notNull().default('none'),
    uploadedBy: bigint('uploaded_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
    recycleItemId: uuid('recycle_item_id'),
    /**
     * the import that stored it, until the transaction saving that import's pages clears it: a
     * failed or cut-off import destroys the files still marked with it
     */
    importId: uuid('import_id').references(() => transfers.id),
  },
  (table) => [
    index('space_files_space_idx').on(table.spaceId, table.createdAt),
    index('space_files_import_idx')
      .on(table.importId)
      .where(sql`${table.importId} is not null`),
    index('space_files_blob_idx').on(table.blobId),
    index('space_files_page_idx').on(table.pageId),
    index('space_files_uploader_idx').on(table.uploadedBy),
    check(
      'space_files_text_status_check',
      sql`${table.textStatus} in ('none','pending','done','failed')`,
    ),
  ],
);

/** Text extracted from a file (search and the AI chat's retrieval read it). */
export const spaceFileTexts = pgTable('space_file_texts', {
  fileId: uuid('file_id')
    .primaryKey()
    .references(() => spaceFiles.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  extractedAt: at('extracted_at').notNull().defaultNow(),
});
