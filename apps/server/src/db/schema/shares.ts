// Shares: a link `/s/<token>` to a space, a topic or a page, read without an
// account, with an optional password, an expiry and what the link allows besides reading.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { spaceNodes } from './content.js';
import { spaces } from './spaces.js';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const shareTargetTypes = ['space', 'topic', 'page'] as const;

export const shares = pgTable(
  'shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 32 random bytes, base64url (256 bits): the link's only secret besides the password */
    token: text('token').notNull().unique(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: shareTargetTypes }).notNull(),
    /** the shared topic or page; null for a whole space */
    nodeId: uuid('node_id').references(() => spaceNodes.id, { onDelete: 'cascade' }),
    createdBy: bigint('created_by', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** argon2id, as account passwords; null: no password */
    passwordHash: text('password_hash'),
    /** raised by every password change: grants signed before it stop working */
    grantVersion: integer('grant_version').notNull().default(0),
    /** null: never expires */
    expiresAt: at('expires_at'),
    showComments: boolean('show_comments').notNull().default(false),
    allowDownload: boolean('allow_download').notNull().default(false),
    /** stored; AI questions through a share are not offered yet (docs/decisions/share.md) */
    allowAi: boolean('allow_ai').notNull().default(false),
    visitCount: bigint('visit_count', { mode: 'number' }).notNull().default(0),
    /** wrong passwords in a row; at the limit the share is locked until `lockedUntil` */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: at('locked_until'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('shares_space_idx').on(table.spaceId, table.createdAt),
    index('shares_node_idx').on(table.nodeId),
    check('shares_target_type_check', sql`${table.targetType} in ('space','topic','page')`),
    check(
      'shares_target_node_check',
      sql`(${table.targetType} = 'space') = (${table.nodeId} is null)`,
    ),
  ],
);

/** Per space: whether its editors may share too (admins and the owner always may). */
export const spaceShareSettings = pgTable('space_share_settings', {
  spaceId: uuid('space_id')
    .primaryKey()
    .references(() => spaces.id, { onDelete: 'cascade' }),
  editorsMayShare: boolean('editors_may_share').notNull().default(false),
});
