import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { shares, spaceNodes, spaces, users } from '../../db/schema/index.js';

export type ShareRow = typeof shares.$inferSelect;
export type NewShare = typeof shares.$inferInsert;

export async function insertShare(db: Executor, values: NewShare): Promise<ShareRow> {
  const [row] = await db.insert(shares).values(values).returning();
  return row!;
}

export async function findShare(db: Executor, shareId: string): Promise<ShareRow | undefined> {
  const [row] = await db.select().from(shares).where(eq(shares.id, shareId)).limit(1);
  return row;
}

/** A share by its link's token, with its live space (none when the space is deleted). */
export async function findByToken(db: Executor, token: string) {
  const [row] = await db
    .select({ share: shares, space: spaces })
    .from(shares)
    .innerJoin(spaces, and(eq(spaces.id, shares.spaceId), isNull(spaces.deletedAt)))
    .where(eq(shares.token, token))
    .limit(1);
  return row;
}

export async function updateShare(db: Executor, shareId: string, values: Partial<NewShare>) {
  const [row] = await db
    .update(shares)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shares.id, shareId))
    .returning();
  return row;
}

export async function deleteShare(db: Executor, shareId: string) {
  await db.delete(shares).where(eq(shares.id, shareId));
}

export async function countVisit(db: Executor, shareId: string) {
  await db
    .update(shares)
    .set({ visitCount: sql`${shares.visitCount} + 1` })
    .where(eq(shares.id, shareId));
}

/** A wrong password: one more failure, and the lock when `limit` failures came in a row. */
export async function recordFailure(
  db: Executor,
  shareId: string,
  limit: number,
  lockedUntil: Date,
) {
  await db
    .update(shares)
    .set({
      failedAttempts: sql`case when ${shares.failedAttempts} + 1 >= ${limit} then 0
        else ${shares.failedAttempts} + 1 end`,
      lockedUntil: sql`case when ${shares.failedAttempts} + 1 >= ${limit}
        then ${lockedUntil.toISOString()}::timestamptz else ${shares.lockedUntil} end`,
    })
    .where(eq(shares.id, shareId));
}

export async function clearFailures(db: Executor, shareId: string) {
  await db.update(shares).set({ failedAttempts: 0 }).where(eq(shares.id, shareId));
}

/** The space's shares that `listed` (share.policy.ts) keeps, newest first, with their creators. */
export function listShares(db: Executor, spaceId: string, listed: SQL | undefined) {
  return db
    .select({ share: shares, creator: { id: users.id, nickname: users.nickname } })
    .from(shares)
    .innerJoin(users, eq(users.id, shares.createdBy))
    .where(and(eq(shares.spaceId, spaceId), listed))
    .orderBy(desc(shares.createdAt), desc(shares.id));
}

/** The names of the given nodes, live or not (a deleted target shows its last name). */
export async function nodeNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: spaceNodes.id, name: spaceNodes.name })
    .from(spaceNodes)
    .where(inArray(spaceNodes.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function person(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? { id: userId, nickname: '' };
}
