// Conversations of a space's chat: each user sees only their own. Pinning is kept on the
// server (pinnedAt set or cleared); the list is pinned first (latest pin first), then newest.
import { ErrorCode, type ReferDoc, type UpdateAiSessionRequest } from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { filterReadable } from '../space/index.js';
import { presentMessage } from './ai.presenter.js';
import * as repo from './conversation.repo.js';
import { findSpaceAi } from './space-ai.repo.js';
import { accessChat } from './space-ai.service.js';

export async function listSessions(db: Database, userId: number, chatId: string) {
  const { ai } = await accessChat(db, userId, chatId);
  return repo.listSessions(db, ai.spaceId, userId);
}

export async function createSession(db: Database, userId: number, chatId: string, name: string) {
  const { ai } = await accessChat(db, userId, chatId);
  const row = await repo.insertSession(db, {
    spaceId: ai.spaceId,
    userId,
    name,
    prologue: ai.prologue,
  });
  if (!row) throw new AppError(ErrorCode.serverError);
  return row;
}

/** The caller's own conversation in a chat they may still ask; 404 otherwise. */
export async function accessSession(db: Executor, userId: number, sessionId: string) {
  const row = await repo.findSession(db, sessionId);
  if (!row || row.userId !== userId) throw new AppError(ErrorCode.dataMissing);
  const ai = await findSpaceAi(db, row.spaceId);
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
  const row = await repo.updateSession(db, sessionId, {
    ...(changes.name === undefined ? {} : { name: changes.name }),
    ...(changes.isPinned === undefined ? {} : { pinnedAt: changes.isPinned ? new Date() : null }),
  });
  if (!row) throw new AppError(ErrorCode.dataMissing);
  return row;
}

export async function deleteSession(db: Database, userId: number, sessionId: string) {
  await accessSession(db, userId, sessionId);
  await repo.deleteSession(db, sessionId);
}

/**
 * The conversation's messages, oldest first. A reference to a page or file the caller can no
 * longer read (unpublished, deleted, the caller's role taken away) is left out.
 */
export async function history(db: Database, userId: number, chatId: string, sessionId: string) {
  const { ai } = await accessSession(db, userId, sessionId);
  if (ai.chatId !== chatId) throw new AppError(ErrorCode.dataMissing);
  const messages = (await repo.listMessages(db, sessionId)).map(presentMessage);
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
