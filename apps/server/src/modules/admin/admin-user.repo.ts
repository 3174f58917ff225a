// Queries of the user administration: the searchable list with its counts, and the roles,
// storage and state of the users on one page.
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AccountState, AdminUserListFilter } from '@library/contract';
import type { Executor } from '../../db/database.js';
import { userRoles, users } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/search-pattern.js';
import type { UserRow } from '../../db/schema/index.js';

/** An account's state as stored: `normal` is kept as 'active'. */
export function storedStatus(state: AccountState): UserRow['status'] {
  return state === 'normal' ? 'active' : state;
}

/** The two-character pieces of the keywords, as `user_search_grams` cuts names (migration 0010). */
export function searchGrams(keywords: string): string[] {
  const characters = Array.from(keywords.toLowerCase());
  const grams = new Set<string>();
  for (let at = 0; at + 1 < characters.length; at += 1) {
    grams.add(characters[at]! + characters[at + 1]!);
  }
  return [...grams];
}

/**
 * A name, phone or e-mail containing the keywords, or the user's numeric ID. Keywords of two
 * characters or more are looked up through the pieces index first; one character scans.
 */
function keywordCondition(keywords: string): SQL | undefined {
  if (!keywords) return undefined;
  const pattern = containsPattern(keywords);
  const grams = searchGrams(keywords);
  const containing = and(
    grams.length > 0
      ? sql`search_grams @> array[${sql.join(
          grams.map((gram) => sql`${gram}`),
          sql`, `,
        )}]::text[]`
      : undefined,
    or(ilike(users.nickname, pattern), ilike(users.mobile, pattern), ilike(users.email, pattern)),
  );
  // the product's own numeric ID is an account too (spec §5)
  return /^\d{1,15}$/.test(keywords) ? or(containing, eq(users.id, Number(keywords))) : containing;
}

const sortColumns = {
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  nickname: users.nickname,
} as const;

/** A user with the roles they hold and the bytes of the files they uploaded, in one row. */
const listedUser = {
  user: users,
  roles: sql<string[]>`coalesce((select array_agg(ur.role order by ur.role) from user_roles ur
    where ur.user_id = "users"."id"), '{}')`,
  storageBytes: sql<string | null>`(select sum(f.size) from space_files f
    where f.uploaded_by = "users"."id")`,
};

/** One page of users matching the query, the number that match, and the pending count. */
export async function listUsers(db: Executor, query: AdminUserListFilter) {
  const where = and(
    keywordCondition(query.keywords),
    query.state ? eq(users.status, storedStatus(query.state)) : undefined,
    query.role
      ? inArray(
          users.id,
          db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, query.role)),
        )
      : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  const sortColumn = sortColumns[query.sort];
  const [rows, [matched], [pending]] = await Promise.all([
    db
      .select(listedUser)
      .from(users)
      .where(where)
      .orderBy(
        query.sort === 'lastLoginAt'
          ? sql`${sortColumn} ${sql.raw(query.order)} nulls last`
          : direction(sortColumn),
        direction(users.id),
      )
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ value: count() }).from(users).where(where),
    db.select({ value: count() }).from(users).where(eq(users.status, 'pending')),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, storageBytes: Number(row.storageBytes ?? 0) })),
    total: matched?.value ?? 0,
    pendingCount: pending?.value ?? 0,
  };
}

/** One user as the list shows them. */
export async function findListedUser(db: Executor, userId: number) {
  const [row] = await db.select(listedUser).from(users).where(eq(users.id, userId)).limit(1);
  return row ? { ...row, storageBytes: Number(row.storageBytes ?? 0) } : undefined;
}

/** Replaces the roles a user holds. */
export async function replaceRoles(db: Executor, userId: number, roles: string[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roles.length > 0) {
    await db.insert(userRoles).values(roles.map((role) => ({ userId, role })));
  }
}

/**
 * The holders of `role` who can log in, locked until the transaction ends: two administrators
 * demoting or disabling each other at once cannot leave the library without one.
 */
export async function lockActiveHolders(db: Executor, role: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(userRoles.role, role), eq(users.status, 'active')))
    .orderBy(users.id)
    .for('update', { of: users });
  return rows.map((row) => row.id);
}

export async function deleteUser(db: Executor, userId: number) {
  await db.delete(users).where(eq(users.id, userId));
}
