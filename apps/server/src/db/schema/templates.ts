// Templates: system templates (administrators) and space templates (a space's
// admins), each a snapshot of a page or a topic subtree; and the pending creations made from them
// (a topic subtree is made by a job; while it waits its template cannot be deleted, 700012).
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { spaces } from './spaces.js';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scope: text('scope', { enum: ['system', 'space'] }).notNull(),
    /** space templates: the space keeping (and alone using) it */
    spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['page', 'topic'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    cover: text('cover'),
    /** the TemplateNode tree (packages/contract schemas/template.ts) */
    content: jsonb('content').notNull(),
    pageCount: integer('page_count').notNull(),
    createdBy: bigint('created_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('templates_scope_space_idx').on(table.scope, table.spaceId, table.updatedAt),
    check(
      'templates_scope_check',
      sql`(${table.scope} = 'system' and ${table.spaceId} is null) or (${table.scope} = 'space' and ${table.spaceId} is not null)`,
    ),
  ],
);

/** A topic subtree being made from a template by the `template.create` job. */
export const templateCreations = pgTable(
  'template_creations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    name: text('name'),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    state: text('state', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    /** the topic made, once done */
    nodeId: uuid('node_id'),
    errorCode: integer('error_code'),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (table) => [
    index('template_creations_pending_idx')
      .on(table.templateId)
      .where(sql`${table.state} = 'pending'`),
  ],
);
