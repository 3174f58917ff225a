// Spaces, their member groups (each with one role) and members, and each user's own sidebar
// grouping of spaces (space groups and placements).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const spaces = pgTable('spaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  icon: text('icon'),
  description: text('description').notNull().default(''),
  ownerId: bigint('owner_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  /** visitors (not logged in) may read the open content */
  openToVisitors: boolean('open_to_visitors').notNull().default(false),
  /**
   * Raised by triggers on space_nodes (migration 0007) whenever what the tree shows changes:
   * the served tree is cached per (space, tree version)
   */
  treeVersion: bigint('tree_version', { mode: 'number' }).notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  deletedAt: at('deleted_at'),
  deletedBy: bigint('deleted_by', { mode: 'number' }),
});

export const spaceRoles = ['owner', 'admin', 'editor', 'reader'] as const;

/** A space's member groups; each gives its members one role in the space. */
export const spaceMemberGroups = pgTable(
  'space_member_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role', { enum: spaceRoles }).notNull(),
    position: text('position').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('space_member_groups_space_idx').on(table.spaceId),
    check(
      'space_member_groups_role_check',
      sql`${table.role} in ('owner','admin','editor','reader')`,
    ),
  ],
);

/** Members of a member group: users now, teams when the address book lands. */
export const spaceMembers = pgTable(
  'space_members',
  {
    memberGroupId: uuid('member_group_id')
      .notNull()
      .references(() => spaceMemberGroups.id, { onDelete: 'cascade' }),
    memberType: text('member_type', { enum: ['user', 'team'] }).notNull(),
    memberId: text('member_id').notNull(),
    addedAt: at('added_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberGroupId, table.memberType, table.memberId] }),
    index('space_members_member_idx').on(table.memberType, table.memberId),
  ],
);

/** A user's own groups of spaces in the sidebar ('my space'). */
export const spaceGroups = pgTable(
  'space_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: text('position').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('space_groups_user_idx').on(table.userId)],
);

/** Where a user keeps a space: one group per user and space. */
export const spacePlacements = pgTable(
  'space_placements',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => spaceGroups.id, { onDelete: 'cascade' }),
    position: text('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.spaceId] }),
    index('space_placements_group_idx').on(table.groupId),
  ],
);
