// The address book: friend groups, friendships (one row for each side, with that side's group
// and remark), friend requests, nested teams with their members, and the ways into a team that
// wait for an answer (join requests through a team's join link, invitations by its managers).
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
    /** the secret of the team's join link; null until a manager first asks for it */
    joinCode: text('join_code'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** set on a deleted team and its whole subtree: the team is in its owner's recycle bin */
    deletedAt: at('deleted_at'),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
    /** teams deleted together (a team with its sub-teams) share the recycle item's id */
    recycleItemId: uuid('recycle_item_id'),
  },
  (table) => [
    index('teams_parent_idx').on(table.parentId),
    index('teams_owner_idx').on(table.ownerId),
    index('teams_path_idx').using('gin', table.path),
    index('teams_recycle_idx').on(table.recycleItemId),
    uniqueIndex('teams_join_code_idx').on(table.joinCode),
    // live sibling names are unique: under one parent, and among one owner's root teams
    uniqueIndex('teams_sibling_name_idx')
      .on(table.parentId, table.name)
      .where(sql`${table.parentId} is not null and ${table.deletedAt} is null`),
    uniqueIndex('teams_root_name_idx')
      .on(table.ownerId, table.name)
      .where(sql`${table.parentId} is null and ${table.deletedAt} is null`),
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

const answerStates = ['pending', 'accepted', 'declined'] as const;

/** A user asking, through the team's join link, to join it; answered once by a manager. */
export const teamJoinRequests = pgTable(
  'team_join_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    state: text('state', { enum: answerStates }).notNull().default('pending'),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
    /** the manager who answered */
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    uniqueIndex('team_join_requests_pending_idx')
      .on(table.teamId, table.userId)
      .where(sql`${table.state} = 'pending'`),
    index('team_join_requests_team_idx').on(table.teamId, table.createdAt),
    index('team_join_requests_user_idx').on(table.userId, table.createdAt),
  ],
);

/** A manager inviting one of their friends into a team; answered once by the invitee. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    fromUserId: bigint('from_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: bigint('to_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    state: text('state', { enum: answerStates }).notNull().default('pending'),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (table) => [
    uniqueIndex('team_invitations_pending_idx')
      .on(table.teamId, table.toUserId)
      .where(sql`${table.state} = 'pending'`),
    index('team_invitations_to_idx').on(table.toUserId, table.createdAt),
    index('team_invitations_from_idx').on(table.fromUserId, table.createdAt),
  ],
);
