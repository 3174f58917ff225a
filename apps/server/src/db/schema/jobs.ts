// Background work kept in the database, so any server instance can do it: text extraction,
// indexing, purges. A job is written in the same transaction as the change it follows and is
// claimed with FOR UPDATE SKIP LOCKED after commit (see infra/jobs/job-queue.ts).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** while waiting: at most one job per (kind, key); cleared when a worker claims it */
    key: text('key'),
    runAt: at('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** a claimed job is hidden until then; a crashed worker's job comes back after it */
    lockedUntil: at('locked_until'),
    lastError: text('last_error'),
    /** set when the last attempt failed; the row stays for the operator to see */
    failedAt: at('failed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** which workers may take it: null in production (all of them); a test app's own name, set
     *  per connection (`library.job_queue`), so test files sharing a PostgreSQL database never
     *  run each other's jobs */
    queue: text('queue').default(sql`nullif(current_setting('library.job_queue', true), '')`),
  },
  (table) => [
    uniqueIndex('jobs_waiting_key_idx')
      .on(table.kind, table.key)
      .where(sql`${table.key} is not null`),
    index('jobs_due_idx')
      .on(table.runAt)
      .where(sql`${table.failedAt} is null`),
  ],
);
