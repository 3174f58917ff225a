import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ClientDescriptor, Locale } from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { authTokens, users } from '../../db/schema/index.js';

export async function insertToken(
  db: Executor,
  row: { userId: number; tokenHash: string; client: ClientDescriptor; ip: string | null },
) {
  const [created] = await db
    .insert(authTokens)
    .values({
      userId: row.userId,
      tokenHash: row.tokenHash,
      client: row.client.client,
      deviceId: row.client.deviceId,
      deviceName: row.client.deviceName,
      version: row.client.version,
      ip: row.ip,
    })
    .returning({ id: authTokens.id });
  if (!created) throw new Error('token insert returned no row');
  return created.id;
}

/** The user's last login, shown to administrators, and the language it was made in. */
export async function markLogin(db: Executor, userId: number, at: Date, locale?: Locale) {
  await db
    .update(users)
    .set({ lastLoginAt: at, ...(locale ? { locale } : {}) })
    .where(eq(users.id, userId));
}

const activeTokenQuery = (db: Database) =>
  db
    .select({ tokenId: authTokens.id, lastSeenAt: authTokens.lastSeenAt, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(eq(authTokens.tokenHash, sql.placeholder('tokenHash')), isNull(authTokens.revokedAt)),
    )
    .limit(1)
    .prepare('session_active_token');

/**
 * The active token with its user, by the token's hash. Every authenticated request runs it, so
 * it is a prepared statement: built once per database, parsed once per connection.
 */
export function activeTokenFinder(db: Database) {
  const query = activeTokenQuery(db);
  return async (tokenHash: string) => (await query.execute({ tokenHash }))[0];
}

export type ActiveToken = NonNullable<Awaited<ReturnType<ReturnType<typeof activeTokenFinder>>>>;

/** Whether a token (by id) is still unrevoked and its user active. */
export function tokenValidity(db: Database) {
  return async (tokenId: string) => {
    const [row] = await db
      .select({ status: users.status })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)))
      .limit(1);
    return row?.status === 'active';
  };
}

export async function touchToken(db: Executor, tokenId: string, at: Date) {
  await db.update(authTokens).set({ lastSeenAt: at }).where(eq(authTokens.id, tokenId));
}

export async function listActiveTokens(db: Executor, userId: number) {
  return db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)))
    .orderBy(authTokens.lastSeenAt);
}

/** The device a token was issued to, as its login described it. */
export async function findTokenDevice(db: Executor, tokenId: string) {
  const [row] = await db
    .select({ client: authTokens.client, deviceName: authTokens.deviceName })
    .from(authTokens)
    .where(eq(authTokens.id, tokenId));
  return row;
}

/** Revokes one token of a user; returns false when the user has no such active token. */
export async function revokeToken(db: Executor, userId: number, tokenId: string, at: Date) {
  const rows = await db
    .update(authTokens)
    .set({ revokedAt: at })
    .where(
      and(eq(authTokens.id, tokenId), eq(authTokens.userId, userId), isNull(authTokens.revokedAt)),
    )
    .returning({ id: authTokens.id });
  return rows.length > 0;
}

/** Revokes every token of a user, except `keepTokenId` when given. */
export async function revokeAllTokens(
  db: Executor,
  userId: number,
  at: Date,
  keepTokenId?: string,
) {
  await db
    .update(authTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(authTokens.userId, userId),
        isNull(authTokens.revokedAt),
        keepTokenId ? ne(authTokens.id, keepTokenId) : undefined,
      ),
    );
}
