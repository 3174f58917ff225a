// Drizzle queries of a space's AI settings (space_ai; the index columns are ai-index.repo.ts's).
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { spaceAi } from '../../db/schema/index.js';

export type SpaceAiRow = typeof spaceAi.$inferSelect;

export type SpaceAiSettings = Pick<
  SpaceAiRow,
  'enabled' | 'prologue' | 'instructions' | 'topK' | 'includeDrafts'
>;

export async function findSpaceAi(db: Executor, spaceId: string): Promise<SpaceAiRow | undefined> {
  const [row] = await db.select().from(spaceAi).where(eq(spaceAi.spaceId, spaceId)).limit(1);
  return row;
}

export async function findSpaceAiByChat(
  db: Executor,
  chatId: string,
): Promise<SpaceAiRow | undefined> {
  const [row] = await db.select().from(spaceAi).where(eq(spaceAi.chatId, chatId)).limit(1);
  return row;
}

/** Creates the space's AI row with these settings, or changes them in the existing one. */
export async function saveSpaceAi(
  db: Executor,
  spaceId: string,
  changes: Partial<SpaceAiSettings>,
) {
  const values = { ...changes, updatedAt: new Date() };
  await db
    .insert(spaceAi)
    .values({ spaceId, ...values })
    .onConflictDoUpdate({ target: spaceAi.spaceId, set: values });
}
