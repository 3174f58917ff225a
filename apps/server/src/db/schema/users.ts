// People and their logins: users, system roles, device logins (tokens) and SMS codes.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    // The user's own numeric ID is also a login account (spec §5), so it is short and readable.
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .generatedAlwaysAsIdentity({ startWith: 100001 }),
    mobile: text('mobile').unique(),
    email: text('email').unique(),
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull(),
    avatarKey: text('avatar_key'),
    status: text('status', {
      enum: ['active', 'pending', 'disabled', 'cancelled', 'suspended', 'frozen'],
    })
      .notNull()
      .default('active'),
    inviteCode: text('invite_code').notNull().unique(),
    /** who invited this user; the friendship itself is made by the address-book feature */
    invitedBy: bigint('invited_by', { mode: 'number' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** the language the person last logged in or saved their notification settings in
     *  (zh_CN, zh_TW, en_US); mail to them is written in it, zh_CN when unknown */
    locale: text('locale'),
    // search_grams text[], generated, GIN-indexed: the two-character pieces of the name, phone
    // and e-mail for the administrators' search. Made by migration 0010 and read only by that
    // search (admin-user.repo.ts) in SQL, so that no other query selects it.
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'users_status_check',
      sql`${table.status} in ('active','pending','disabled','cancelled','suspended','frozen')`,
    ),
    index('users_invited_by_idx').on(table.invitedBy),
    index('users_created_at_idx').on(table.createdAt),
    index('users_last_login_at_idx').on(table.lastLoginAt),
    index('users_pending_idx')
      .on(table.id)
      .where(sql`${table.status} = 'pending'`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/** System roles (spec §6): ADMIN and DEFAULT_ROLE are built in, administrators add others. */
export const systemRoles = pgTable('system_roles', {
  name: text('name').primaryKey(),
  title: text('title').notNull(),
  builtin: boolean('builtin').notNull().default(false),
  /** feature switches this role sets, by name (a switch not named is allowed) */
  features: jsonb('features').$type<Record<string, boolean>>().notNull().default({}),
  createdAt: createdAt(),
});

/** The admin menus and API permissions granted to a role (`systemResources`). */
export const roleResources = pgTable(
  'role_resources',
  {
    role: text('role')
      .notNull()
      .references(() => systemRoles.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
    resource: text('resource').notNull(),
  },
  (table) => [primaryKey({ columns: [table.role, table.resource] })],
);

/** What an administrator set for one account alone: feature switches and quotas, by name. */
export const accountLimits = pgTable('account_limits', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  features: jsonb('features').$type<Record<string, boolean>>().notNull().default({}),
  quotas: jsonb('quotas').$type<Record<string, number>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role')
      .notNull()
      .references(() => systemRoles.name, { onUpdate: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.role] }),
    index('user_roles_role_idx').on(table.role),
  ],
);

/** One row per device login; the token itself is never stored, only its SHA-256. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    client: text('client').notNull(),
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name').notNull(),
    version: text('version').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('auth_tokens_user_idx').on(table.userId)],
);

/** An SMS verification code: `smsToken` binds it to one phone; both are kept hashed. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip'),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('sms_codes_mobile_created_idx').on(table.mobile, table.createdAt),
    index('sms_codes_ip_created_idx').on(table.ip, table.createdAt),
  ],
);
