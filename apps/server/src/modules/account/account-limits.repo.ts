// Queries of what an account may do and keep: the switches of its roles, what an administrator
// set for the account alone (account_limits), the quotas its paid orders grant for now
// (quota_grants), and the account-wide usage the quotas count.
import { and, count, eq, isNull, sql, sum } from 'drizzle-orm';
import { Role } from '@library/contract';
import { queryRows, type Executor } from '../../db/database.js';
import {
  accountLimits,
  friendships,
  spaceFiles,
  spaces,
  teams,
  users,
} from '../../db/schema/index.js';

export interface AccountSettings {
  /** the switches DEFAULT_ROLE, everyone's role, sets */
  defaultFeatures: Record<string, boolean>;
  /** the switches set by each other role the account holds */
  roleFeatures: Array<Record<string, boolean>>;
  features: Record<string, boolean>;
  quotas: Record<string, number>;
  /** the quotas paid orders give the account now (quota_grants in their term, not refunded) */
  grants?: QuotaGrant[];
}

/** A plan (`raise`) lifts each quota it names to at least its value; an add-on (`add`) adds. */
export interface QuotaGrant {
  mode: 'raise' | 'add';
  quotas: Record<string, number>;
}

/** The account's own settings and its roles' switches, in one round trip. */
export async function findAccountSettings(db: Executor, userId: number): Promise<AccountSettings> {
  const [row] = await queryRows<{
    default_features: Record<string, boolean> | null;
    role_features: Array<Record<string, boolean>> | null;
    features: Record<string, boolean> | null;
    quotas: Record<string, number> | null;
    grants: QuotaGrant[] | null;
  }>(
    db,
    sql`select
      (select r.features from system_roles r where r.name = ${Role.default}) as default_features,
      (select jsonb_agg(r.features) from system_roles r
        join user_roles ur on ur.role = r.name
        where ur.user_id = ${userId} and r.name <> ${Role.default}
      ) as role_features,
      (select jsonb_agg(jsonb_build_object('mode', g.mode, 'quotas', g.quotas))
        from quota_grants g
        where g.user_id = ${userId} and g.ended_at is null
          and g.starts_at <= now() and g.ends_at > now()
      ) as grants,
      l.features, l.quotas
    from (select 1) one left join account_limits l on l.user_id = ${userId}`,
  );
  return {
    defaultFeatures: row?.default_features ?? {},
    roleFeatures: row?.role_features ?? [],
    features: row?.features ?? {},
    quotas: row?.quotas ?? {},
    grants: row?.grants ?? [],
  };
}

/**
 * Merges `changes` into the account's own settings of one kind: a value sets it, null removes it.
 */
export async function saveAccountSettings(
  db: Executor,
  userId: number,
  kind: 'features' | 'quotas',
  changes: Record<string, unknown>,
) {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== null));
  const cleared = Object.keys(changes).filter((key) => changes[key] === null);
  const column = kind === 'features' ? accountLimits.features : accountLimits.quotas;
  const merged = sql`(coalesce(${column}, '{}'::jsonb) || ${JSON.stringify(set)}::jsonb) - ${sql.raw(
    `array[${cleared.map((key) => `'${key.replace(/'/g, "''")}'`).join(',')}]::text[]`,
  )}`;
  await db
    .insert(accountLimits)
    .values({ userId, [kind]: set })
    .onConflictDoUpdate({
      target: accountLimits.userId,
      set: { [kind]: merged, updatedAt: new Date() },
    });
}

/** Holds the account's row until commit, so two writes check its quotas one at a time. */
export async function lockAccount(db: Executor, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** Live spaces the user owns. */
export async function countOwnedSpaces(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(spaces)
    .where(and(eq(spaces.ownerId, userId), isNull(spaces.deletedAt)));
  return row?.value ?? 0;
}

/** The user's friends. */
export async function countFriends(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(friendships)
    .where(eq(friendships.userId, userId));
  return row?.value ?? 0;
}

/** Live teams the user created (those in the recycle bin do not count). */
export async function countOwnedTeams(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(teams)
    .where(and(eq(teams.ownerId, userId), isNull(teams.deletedAt)));
  return row?.value ?? 0;
}

/** Bytes of the files the user uploaded that are not purged (files in the bin still count). */
export async function personalBytes(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sum(spaceFiles.size) })
    .from(spaceFiles)
    .where(eq(spaceFiles.uploadedBy, userId));
  return Number(row?.bytes ?? 0);
}
