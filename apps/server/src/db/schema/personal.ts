// What belongs to one user: quick notes, the history of visits, and the recycle bin's items.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { spaces } from './spaces.js';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    /** plain text kept for search and previews */
    text: text('text').notNull().default(''),
    /** the note's blocks (same block JSON as pages) */
    content: jsonb('content').notNull().default([]),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [index('notes_user_idx').on(table.userId, table.updatedAt)],
);

/** The last visit of a user to a page or space (the history keeps one row per target). */
export const visits = pgTable(
  'visits',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['space', 'page'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    visitedAt: at('visited_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.targetType, table.targetId] }),
    index('visits_user_time_idx').on(table.userId, table.visitedAt),
  ],
);

/**
 * One entry of the recycle bin: a deleted space, a topic (with its subtree), page, link or file
 * of a space, or a team (with its sub-teams; no space: `space_id` is null exactly for teams).
 */
export const recycleItems = pgTable(
  'recycle_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['space', 'topic', 'page', 'link', 'file', 'team'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    deletedBy: bigint('deleted_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    deletedAt: at('deleted_at').notNull().defaultNow(),
  },
  (table) => [
    index('recycle_items_space_idx').on(table.spaceId),
    index('recycle_items_deleted_by_idx').on(table.deletedBy, table.deletedAt),
    index('recycle_items_target_idx').on(table.targetId),
    check('recycle_items_space_check', sql`(${table.kind} = 'team') = (${table.spaceId} is null)`),
  ],
);
