// Drizzle queries for transfers (imports and exports running as jobs). No rules here;
// transfer.service.ts decides.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { transfers } from '../../db/schema/index.js';

export type TransferRow = typeof transfers.$inferSelect;

export async function insertTransfer(db: Executor, values: typeof transfers.$inferInsert) {
  const [row] = await db.insert(transfers).values(values).returning();
  if (!row) throw new Error('transfer insert returned no row');
  return row;
}

export async function findTransfer(db: Executor, id: string): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(transfers).where(eq(transfers.id, id)).limit(1);
  return row;
}

export async function updateTransfer(
  db: Executor,
  id: string,
  values: Partial<typeof transfers.$inferInsert>,
) {
  await db.update(transfers).set(values).where(eq(transfers.id, id));
}

/** A running transfer's progress (a write arriving after it ended changes nothing). */
export async function updateProgress(db: Executor, id: string, done: number, total: number) {
  await db
    .update(transfers)
    .set({ done, total })
    .where(and(eq(transfers.id, id), eq(transfers.status, 'running')));
}

export async function deleteTransfer(db: Executor, id: string) {
  await db.delete(transfers).where(eq(transfers.id, id));
}
