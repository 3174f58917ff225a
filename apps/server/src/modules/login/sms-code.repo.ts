import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { smsCodes } from '../../db/schema/index.js';

export type SmsCodeRow = typeof smsCodes.$inferSelect;

export async function insertCode(db: Executor, row: typeof smsCodes.$inferInsert) {
  await db.insert(smsCodes).values(row);
}

export async function deleteCode(db: Executor, tokenHash: string) {
  await db.delete(smsCodes).where(eq(smsCodes.tokenHash, tokenHash));
}

export async function latestForMobile(db: Executor, mobile: string) {
  const [row] = await db
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(eq(smsCodes.mobile, mobile))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return row;
}

export async function countSince(
  db: Executor,
  by: { mobile: string } | { ip: string },
  since: Date,
) {
  const [row] = await db
    .select({ value: count() })
    .from(smsCodes)
    .where(
      and(
        'mobile' in by ? eq(smsCodes.mobile, by.mobile) : eq(smsCodes.ip, by.ip),
        gt(smsCodes.createdAt, since),
      ),
    );
  return row?.value ?? 0;
}

export async function findByToken(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(smsCodes).where(eq(smsCodes.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Counts one wrong try; returns the new number of tries. */
export async function addTry(db: Executor, id: string) {
  const [row] = await db
    .update(smsCodes)
    .set({ tries: sql`${smsCodes.tries} + 1` })
    .where(eq(smsCodes.id, id))
    .returning({ tries: smsCodes.tries });
  return row?.tries ?? 0;
}

/** Marks a code used; false when another request used it first. */
export async function consume(db: Executor, id: string, at: Date) {
  const rows = await db
    .update(smsCodes)
    .set({ consumedAt: at })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  return rows.length > 0;
}
