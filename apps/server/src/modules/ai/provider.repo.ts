// Drizzle queries of the model providers (ai_providers).
import { asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { aiProviders } from '../../db/schema/index.js';

export type ProviderRow = typeof aiProviders.$inferSelect;
export type NewProvider = typeof aiProviders.$inferInsert;

/** The default provider first, then the oldest. */
export async function listProviders(db: Executor): Promise<ProviderRow[]> {
  return db
    .select()
    .from(aiProviders)
    .orderBy(desc(aiProviders.isDefault), asc(aiProviders.createdAt));
}

export async function findProvider(db: Executor, id: string): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(aiProviders).where(eq(aiProviders.id, id)).limit(1);
  return row;
}

export async function hasProvider(db: Executor): Promise<boolean> {
  return (await db.select({ id: aiProviders.id }).from(aiProviders).limit(1)).length > 0;
}

export async function oldestProvider(db: Executor): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(aiProviders).orderBy(asc(aiProviders.createdAt)).limit(1);
  return row;
}

/** No provider is the default any more (before another becomes it). */
export async function clearDefault(db: Executor) {
  await db.update(aiProviders).set({ isDefault: false });
}

export async function makeDefault(db: Executor, id: string) {
  await db.update(aiProviders).set({ isDefault: true }).where(eq(aiProviders.id, id));
}

export async function insertProvider(db: Executor, values: NewProvider) {
  const [row] = await db.insert(aiProviders).values(values).returning();
  return row;
}

export async function updateProvider(db: Executor, id: string, changes: Partial<NewProvider>) {
  const [row] = await db.update(aiProviders).set(changes).where(eq(aiProviders.id, id)).returning();
  return row;
}

export async function deleteProvider(db: Executor, id: string) {
  await db.delete(aiProviders).where(eq(aiProviders.id, id));
}
