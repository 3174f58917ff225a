// Imports and exports run as background jobs: one row each, seen by its starter
// only, with its progress, then the import's report or the export's stored file. A finished
// transfer and its stored bytes are removed a day later by the `transfer.expire` job.
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { spaces } from './spaces.js';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    /** an import's topic (null: the root); an export's page or topic (null: the whole space) */
    nodeId: uuid('node_id'),
    kind: text('kind', { enum: ['import', 'export'] }).notNull(),
    /** an export's format; an import's upload kind (markdown, html, docx, zip) */
    format: text('format').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** an import's report (ImportReport) */
    report: jsonb('report'),
    errorCode: integer('error_code'),
    errorDetail: text('error_detail'),
    /** an import's upload as sent, until its job ends */
    uploadKey: text('upload_key'),
    uploadName: text('upload_name'),
    /** an export's written file */
    resultKey: text('result_key'),
    resultName: text('result_name'),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (table) => [index('transfers_user_idx').on(table.userId, table.createdAt)],
);
