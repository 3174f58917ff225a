// Drizzle queries of conversations (ai_sessions) and their messages (ai_messages).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { aiMessages, aiSessions } from '../../db/schema/index.js';

export type SessionRow = typeof aiSessions.$inferSelect;
export type MessageRow = typeof aiMessages.$inferSelect;

/** A user's conversations in a space: pinned first (latest pin first), then newest. */
export async function listSessions(db: Executor, spaceId: string, userId: number) {
  return db
    .select()
    .from(aiSessions)
    .where(and(eq(aiSessions.spaceId, spaceId), eq(aiSessions.userId, userId)))
    .orderBy(
      sql`${aiSessions.pinnedAt} desc nulls last`,
      desc(aiSessions.lastConverseAt),
      desc(aiSessions.createdAt),
    );
}

export async function findSession(db: Executor, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(aiSessions).where(eq(aiSessions.id, id)).limit(1);
  return row;
}

export async function insertSession(db: Executor, values: typeof aiSessions.$inferInsert) {
  const [row] = await db.insert(aiSessions).values(values).returning();
  return row;
}

export async function updateSession(
  db: Executor,
  id: string,
  changes: Partial<Pick<SessionRow, 'name' | 'pinnedAt' | 'lastConverseAt'>>,
) {
  const [row] = await db.update(aiSessions).set(changes).where(eq(aiSessions.id, id)).returning();
  return row;
}

export async function deleteSession(db: Executor, id: string) {
  await db.delete(aiSessions).where(eq(aiSessions.id, id));
}

/** The conversation's messages, oldest first. */
export async function listMessages(db: Executor, sessionId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(aiMessages)
    .where(eq(aiMessages.sessionId, sessionId))
    .orderBy(asc(aiMessages.createdAt), asc(aiMessages.id));
}

/** The questions and answers so far, oldest first (the model's history). */
export async function listTurns(db: Executor, sessionId: string) {
  return db
    .select({ question: aiMessages.question, answer: aiMessages.answer })
    .from(aiMessages)
    .where(eq(aiMessages.sessionId, sessionId))
    .orderBy(asc(aiMessages.createdAt));
}

/** Records a question before its answer; answers the message's id. */
export async function insertMessage(db: Executor, sessionId: string, question: string) {
  const [row] = await db
    .insert(aiMessages)
    .values({ sessionId, question })
    .returning({ id: aiMessages.id });
  if (!row) throw new Error('message insert returned no row');
  return row.id;
}

export async function saveAnswer(
  db: Executor,
  messageId: string,
  answer: Pick<MessageRow, 'answer' | 'prompt' | 'referDocs' | 'status'>,
) {
  await db.update(aiMessages).set(answer).where(eq(aiMessages.id, messageId));
}
