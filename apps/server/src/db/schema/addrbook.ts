// The address book: friend groups, friendships (one row for each side, with that side's group
// and remark), friend requests, and nested teams with their members.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A user's groups of friends; one is the default group, made with the first friend. */
export const friendGroups = pgTable(
  'friend_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    position: text('position').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('friend_groups_user_idx').on(table.userId),
    uniqueIndex('friend_groups_default_idx')
      .on(table.userId)
      .where(sql`${table.isDefault}`),
  ],
);

/** `userId` has `friendId` as a friend, in one of `userId`'s groups; the other side has its own row. */
export const friendships = pgTable(
  'friendships',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: bigint('friend_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => friendGroups.id),
    remark: text('remark').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.friendId] }),
    index('friendships_friend_idx').on(table.friendId),
    index('friendships_group_idx').on(table.groupId),
  ],
);

/** A request to become friends, answered once. */
export const friendRequests = pgTable(
  'friend_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromUserId: bigint('from_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: bigint('to_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    state: text('state', { enum: ['pending', 'accepted', 'declined'] })
      .notNull()
      .default('pending'),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (table) => [
    uniqueIndex('friend_requests_pending_idx')
      .on(table.fromUserId, table.toUserId)
      .where(sql`${table.state} = 'pending'`),
    index('friend_requests_to_idx').on(table.toUserId, table.createdAt),
    index('friend_requests_from_idx').on(table.fromUserId, table.createdAt),
  ],
);

/**
 * A team; sub-teams name their parent. `path` holds the ids from the root team down to this one
 * (itself last), so a tree's teams, a team's ancestors and its descendants are one condition.
 */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id').references((): AnyPgColumn => teams.id, { onDelete: 'cascade' }),
    path: uuid('path').array().notNull(),
    name: text('name').notNull(),
    /** the creator: the team's owner, who cannot be removed and whose role cannot change */
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: text('position').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('teams_parent_idx').on(table.parentId),
    index('teams_owner_idx').on(table.ownerId),
    index('teams_path_idx').using('gin', table.path),
    // sibling names are unique: under one parent, and among one owner's root teams
    uniqueIndex('teams_sibling_name_idx')
      .on(table.parentId, table.name)
      .where(sql`${table.parentId} is not null`),
    uniqueIndex('teams_root_name_idx')
      .on(table.ownerId, table.name)
      .where(sql`${table.parentId} is null`),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'member'] }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index('team_members_user_idx').on(table.userId),
  ],
);
