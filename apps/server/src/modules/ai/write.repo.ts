// Drizzle queries of AI writing: its monthly use counters (ai_write_uses) — taking one use
// within a limit in one statement, giving it back, one month's use per person — and the names of
// the people a selection mentions.
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { aiWriteUses, users } from '../../db/schema/index.js';

/**
 * Counts one use in `month` unless `limit` uses are already counted; false when they are. One
 * conditional upsert: two requests at the limit meet on the row's lock and the second sees the
 * first's count, so they cannot both pass.
 */
export async function takeUse(
  db: Executor,
  userId: number,
  month: string,
  limit: number,
): Promise<boolean> {
  if (limit < 1) return false;
  const rows = await db
    .insert(aiWriteUses)
    .values({ userId, month, uses: 1 })
    .onConflictDoUpdate({
      target: [aiWriteUses.userId, aiWriteUses.month],
      set: { uses: sql`${aiWriteUses.uses} + 1`, updatedAt: new Date() },
      setWhere: sql`${aiWriteUses.uses} < ${limit}`,
    })
    .returning({ uses: aiWriteUses.uses });
  return rows.length > 0;
}

/** Gives back a use taken in `month` (the model failed before answering). */
export async function giveBackUse(db: Executor, userId: number, month: string) {
  await db
    .update(aiWriteUses)
    .set({ uses: sql`greatest(${aiWriteUses.uses} - 1, 0)` })
    .where(and(eq(aiWriteUses.userId, userId), eq(aiWriteUses.month, month)));
}

export async function usesOf(db: Executor, userId: number, month: string): Promise<number> {
  const [row] = await db
    .select({ uses: aiWriteUses.uses })
    .from(aiWriteUses)
    .where(and(eq(aiWriteUses.userId, userId), eq(aiWriteUses.month, month)));
  return row?.uses ?? 0;
}

/** The people who used AI writing in `month`, most uses first. */
export async function listMonthUses(
  db: Executor,
  month: string,
  page: { offset: number; limit: number },
) {
  const where = and(eq(aiWriteUses.month, month), gt(aiWriteUses.uses, 0));
  const [rows, [total]] = await Promise.all([
    db
      .select({ userId: aiWriteUses.userId, nickname: users.nickname, uses: aiWriteUses.uses })
      .from(aiWriteUses)
      .innerJoin(users, eq(users.id, aiWriteUses.userId))
      .where(where)
      .orderBy(desc(aiWriteUses.uses), aiWriteUses.userId)
      .offset(page.offset)
      .limit(page.limit),
    db.select({ value: count() }).from(aiWriteUses).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The nicknames of these users (the mentions of a selection, shown while the answer streams). */
export async function nicknamesOf(db: Executor, userIds: number[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [String(row.id), row.nickname]));
}
