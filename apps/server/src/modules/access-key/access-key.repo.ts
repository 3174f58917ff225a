// Queries of personal access keys (access_keys, access_key_spaces).
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
import { accessKeySpaces, accessKeys, spaces } from '../../db/schema/index.js';
import { sessionChannel } from '../session/index.js';
import { ownKeysSql } from './access-key.policy.js';

export type AccessKeyRow = typeof accessKeys.$inferSelect;

/** A key that still works: not revoked, its user active; with the live spaces it may read. */
export interface LiveKey {
  keyId: string;
  userId: number;
  spaceIds: string[];
  lastUsedAt: Date | null;
}

/** One query: the key by its hash, unless revoked or its user is no longer active. */
export async function findLiveKey(db: Executor, tokenHash: string): Promise<LiveKey | undefined> {
  const [row] = await queryRows<{
    key_id: string;
    user_id: string | number;
    space_ids: string[] | null;
    last_used_at: Date | string | null;
  }>(
    db,
    sql`select k.id as key_id, k.user_id, k.last_used_at,
        array(select s.space_id from access_key_spaces s where s.key_id = k.id) as space_ids
      from access_keys k join users u on u.id = k.user_id
      where k.token_hash = ${tokenHash} and k.revoked_at is null and u.status = 'active'`,
  );
  if (!row) return undefined;
  return {
    keyId: row.key_id,
    userId: Number(row.user_id),
    spaceIds: row.space_ids ?? [],
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
  };
}

export async function touchKey(db: Executor, keyId: string, at: Date) {
  await db.update(accessKeys).set({ lastUsedAt: at }).where(eq(accessKeys.id, keyId));
}

export async function insertKey(
  db: Executor,
  key: { userId: number; name: string; tokenHash: string; hint: string },
  spaceIds: string[],
) {
  const [row] = await db.insert(accessKeys).values(key).returning();
  if (!row) throw new Error('access key insert returned no row');
  await db.insert(accessKeySpaces).values(spaceIds.map((spaceId) => ({ keyId: row.id, spaceId })));
  return row;
}

/** The user's keys that are not revoked, newest first, with their live spaces' names. */
export async function listKeys(db: Executor, userId: number) {
  const keys = await db
    .select()
    .from(accessKeys)
    .where(and(ownKeysSql(userId), isNull(accessKeys.revokedAt)))
    .orderBy(sql`${accessKeys.createdAt} desc`, asc(accessKeys.id));
  const ids = keys.map((key) => key.id);
  const scoped =
    ids.length === 0
      ? []
      : await db
          .select({ keyId: accessKeySpaces.keyId, spaceId: spaces.id, name: spaces.name })
          .from(accessKeySpaces)
          .innerJoin(spaces, eq(spaces.id, accessKeySpaces.spaceId))
          .where(and(inArray(accessKeySpaces.keyId, ids), isNull(spaces.deletedAt)))
          .orderBy(asc(spaces.name));
  return keys.map((key) => ({
    key,
    spaces: scoped
      .filter((row) => row.keyId === key.id)
      .map(({ spaceId, name }) => ({ spaceId, name })),
  }));
}

/**
 * Announces on `library_session` that something about the user's keys changed (access-key-cache.ts):
 * heard by every instance when the caller's transaction commits.
 */
export async function announceKeyChange(db: Executor, userId: number) {
  await db.execute(sql`select pg_notify(${sessionChannel}, ${String(userId)})`);
}

/** Revokes the user's key; false when the user has no such live key. */
export async function revokeKey(db: Executor, userId: number, keyId: string, at: Date) {
  const rows = await db
    .update(accessKeys)
    .set({ revokedAt: at })
    .where(and(eq(accessKeys.id, keyId), ownKeysSql(userId), isNull(accessKeys.revokedAt)))
    .returning({ id: accessKeys.id });
  return rows.length > 0;
}
