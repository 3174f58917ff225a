// What tells people about each other's work: the notifications in each person's inbox, what each
// person watches (a space, a topic or a page; an author watches their pages unless they say not
// to, which is a row with `watching` false), and each person's notification settings.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  notificationEmailModes,
  notificationEvents,
  notificationTypes,
  watchTargetTypes,
} from '@library/contract';
import { spaceNodes } from './content.js';
import { spaces } from './spaces.js';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: notificationTypes }).notNull(),
    /** who did it; null for the system (an order paid) or a user since deleted */
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    pageId: uuid('page_id').references(() => spaceNodes.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id'),
    blockId: text('block_id'),
    /** what happened, for kinds standing for several things (an order paid or refunded …) */
    event: text('event', { enum: notificationEvents }),
    /** the web app's path of what it is about, for kinds not about a page (a page's is derived) */
    link: text('link'),
    title: text('title').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    readAt: at('read_at'),
    /** when it went out by mail (alone or in a digest): never mailed twice */
    mailedAt: at('mailed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.id),
    index('notifications_unread_idx')
      .on(table.userId, table.id)
      .where(sql`${table.readAt} is null`),
  ],
);

export const watches = pgTable(
  'watches',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: watchTargetTypes }).notNull(),
    /** the space, or the topic or page (a node of the space) */
    targetId: uuid('target_id').notNull(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    /** false: the author of a page said they do not want to hear of it */
    watching: boolean('watching').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.targetType, table.targetId] }),
    index('watches_target_idx').on(table.targetType, table.targetId),
  ],
);

export const notificationSettings = pgTable('notification_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email', { enum: notificationEmailModes }).notNull().default('off'),
  /** the kinds turned off (every other kind is on) */
  muted: jsonb('muted').$type<string[]>().notNull().default([]),
  /** the last daily digest sent: the next one lists what came after it */
  digestSentAt: at('digest_sent_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
