// Conversations of a space's chat: each user sees only their own. Pinning is kept on the
// server (pinnedAt set or cleared); the list is pinned first (latest pin first), then newest.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  ErrorCode,
  referDocSchema,
  type AiConverseItem,
  type ReferDoc,
  type AiSession,
  type UpdateAiSessionRequest,
} from '@library/contract';
import { z } from 'zod';
import type { Database, Executor } from '../../db/database.js';
import { aiMessages, aiSessions, spaceAi } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { filterReadable } from '../space/visibility.js';
import { accessChat } from './space-ai.service.js';

export type SessionRow = typeof aiSessions.$inferSelect;
export type MessageRow = typeof aiMessages.$inferSelect;

export function presentSession(row: SessionRow): AiSession {
  return {
    id: row.id,
    name: row.name,
    lastConverseTime: row.lastConverseAt.toISOString(),
    prologue: row.prologue,
    isPinned: row.pinnedAt !== null,
    pinnedAt: row.pinnedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const referDocList = z.array(referDocSchema).catch([]);

export function presentMessage(row: MessageRow): AiConverseItem {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    prompt: row.prompt,
    referDocList: referDocList.parse(row.referDocs),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listSessions(db: Database, userId: number, chatId: string) {
  const { ai } = await accessChat(db, userId, chatId);
  const rows = await db
    .select()
    .from(aiSessions)
    .where(and(eq(aiSessions.spaceId, ai.spaceId), eq(aiSessions.userId, userId)))
    .orderBy(
      sql`${aiSessions.pinnedAt} desc nulls last`,
      desc(aiSessions.lastConverseAt),
      desc(aiSessions.createdAt),
    );
  return rows.map(presentSession);
}

export async function createSession(db: Database, userId: number, chatId: string, name: string) {
  const { ai } = await accessChat(db, userId, chatId);
  const [row] = await db
    .insert(aiSessions)
    .values({ spaceId: ai.spaceId, userId, name, prologue: ai.prologue })
    .returning();
  if (!row) throw new AppError(ErrorCode.serverError);
  return presentSession(row);
}

/** The caller's own conversation in a chat they may still read; 404 otherwise. */
export async function accessSession(db: Executor, userId: number, sessionId: string) {
  const [row] = await db.select().from(aiSessions).where(eq(aiSessions.id, sessionId)).limit(1);
  if (!row || row.userId !== userId) throw new AppError(ErrorCode.dataMissing);
  const [ai] = await db.select().from(spaceAi).where(eq(spaceAi.spaceId, row.spaceId)).limit(1);
  if (!ai) throw new AppError(ErrorCode.dataMissing);
  const chat = await accessChat(db, userId, ai.chatId);
  return { session: row, ...chat };
}

export async function updateSession(
  db: Database,
  userId: number,
  sessionId: string,
  changes: UpdateAiSessionRequest,
) {
  await accessSession(db, userId, sessionId);
  const [row] = await db
    .update(aiSessions)
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.isPinned === undefined ? {} : { pinnedAt: changes.isPinned ? new Date() : null }),
    })
    .where(eq(aiSessions.id, sessionId))
    .returning();
  if (!row) throw new AppError(ErrorCode.dataMissing);
  return presentSession(row);
}

export async function deleteSession(db: Database, userId: number, sessionId: string) {
  await accessSession(db, userId, sessionId);
  await db.delete(aiSessions).where(eq(aiSessions.id, sessionId));
}

/**
 * The conversation's messages, oldest first. A reference to a page or file the caller can no
 * longer read (unpublished, deleted, the caller's role taken away) is left out.
 */
export async function history(db: Database, userId: number, chatId: string, sessionId: string) {
  const { ai } = await accessSession(db, userId, sessionId);
  if (ai.chatId !== chatId) throw new AppError(ErrorCode.dataMissing);
  const rows = await db
    .select()
    .from(aiMessages)
    .where(eq(aiMessages.sessionId, sessionId))
    .orderBy(asc(aiMessages.createdAt), asc(aiMessages.id));
  const messages = rows.map(presentMessage);
  const docs = messages.flatMap((message) => message.referDocList);
  const [pages, files] = await Promise.all([
    filterReadable(
      db,
      userId,
      'page',
      docs.flatMap((doc) => (doc.sourceType === 'page' && doc.pageId ? [doc.pageId] : [])),
    ),
    filterReadable(
      db,
      userId,
      'file',
      docs.flatMap((doc) => (doc.fileId ? [doc.fileId] : [])),
    ),
  ]);
  const readable = (doc: ReferDoc) =>
    doc.sourceType === 'file' ? files.has(doc.fileId ?? '') : pages.has(doc.pageId ?? '');
  return messages.map((message) => ({
    ...message,
    referDocList: message.referDocList.filter(readable),
  }));
}
