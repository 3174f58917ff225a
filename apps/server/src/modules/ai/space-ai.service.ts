// A space's AI: turning it on (space admins), its detail (chat id, prologue, settings, model
// and index state, what the caller may do) and settings. Readers chat; admins manage.
import { eq } from 'drizzle-orm';
import {
  ErrorCode,
  type SpaceAiDetail,
  type SpaceAiSettingsRequest,
  type SpaceAccessRole,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { spaceAi } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { accessSpace } from '../space/space-access.js';
import { can } from '../space/space.policy.js';
import { indexState, queueReindex } from './index.service.js';
import { listProviders } from './provider.service.js';

export type SpaceAiRow = typeof spaceAi.$inferSelect;

const defaults = { enabled: false, prologue: '', instructions: '', topK: 5, includeDrafts: false };

async function findAi(db: Executor, spaceId: string): Promise<SpaceAiRow | null> {
  const [row] = await db.select().from(spaceAi).where(eq(spaceAi.spaceId, spaceId)).limit(1);
  return row ?? null;
}

/**
 * The space AI as the caller sees it. Only managers see the extra instructions and the last
 * indexing error; an anonymous visitor reads the detail but logs in to chat (conversations
 * belong to a user).
 */
export async function spaceAiDetail(
  db: Executor,
  spaceId: string,
  role: SpaceAccessRole,
  anonymous = false,
): Promise<SpaceAiDetail> {
  const manager = can(role, 'manage');
  const row = await findAi(db, spaceId);
  const settings = row ?? defaults;
  const [provider] = await listProviders(db);
  const state = await indexState(db, spaceId);
  return {
    spaceId,
    enabled: settings.enabled,
    chat: row?.enabled ? { id: row.chatId } : null,
    prologue: settings.prologue,
    settings: {
      instructions: manager ? settings.instructions : '',
      topK: settings.topK,
      includeDrafts: settings.includeDrafts,
    },
    model: { configured: provider !== undefined, name: provider?.chatModel ?? null },
    index: {
      ...state,
      lastError: manager ? (row?.indexError ?? null) : null,
      updatedAt: row?.indexedAt?.toISOString() ?? null,
    },
    abilities: {
      canManage: manager,
      canChat: settings.enabled && can(role, 'read') && !anonymous,
    },
  };
}

export async function getSpaceAi(db: Database, userId: number | null, spaceId: string) {
  const { role } = await accessSpace(db, userId, spaceId, 'read');
  return spaceAiDetail(db, spaceId, role, userId === null);
}

export async function enableSpaceAi(
  db: Database,
  userId: number,
  spaceId: string,
  enable: boolean,
) {
  const { role } = await accessSpace(db, userId, spaceId, 'manage');
  await db.transaction(async (tx) => {
    const current = await findAi(tx, spaceId);
    if (current?.enabled === enable) return;
    await tx
      .insert(spaceAi)
      .values({ spaceId, enabled: enable })
      .onConflictDoUpdate({
        target: spaceAi.spaceId,
        set: { enabled: enable, updatedAt: new Date() },
      });
    if (enable) await queueReindex(tx, spaceId);
  });
  return spaceAiDetail(db, spaceId, role);
}

export async function updateSpaceAiSettings(
  db: Database,
  userId: number,
  spaceId: string,
  settings: SpaceAiSettingsRequest,
) {
  const { role } = await accessSpace(db, userId, spaceId, 'manage');
  await db.transaction(async (tx) => {
    const current = await findAi(tx, spaceId);
    const values = {
      prologue: settings.prologue,
      instructions: settings.instructions,
      topK: settings.topK,
      includeDrafts: settings.includeDrafts,
      updatedAt: new Date(),
    };
    await tx
      .insert(spaceAi)
      .values({ spaceId, ...values })
      .onConflictDoUpdate({ target: spaceAi.spaceId, set: values });
    // Including drafts or not changes what every unpublished page contributes.
    if (current?.enabled && current.includeDrafts !== settings.includeDrafts) {
      await queueReindex(tx, spaceId);
    }
  });
  return spaceAiDetail(db, spaceId, role);
}

export async function reindexSpaceAi(db: Database, userId: number, spaceId: string) {
  const { role } = await accessSpace(db, userId, spaceId, 'manage');
  const current = await findAi(db, spaceId);
  if (!current?.enabled) throw new AppError(ErrorCode.operationNotAllowed);
  await queueReindex(db, spaceId);
  return spaceAiDetail(db, spaceId, role);
}

/** The chat of an enabled space AI the caller may read (404 otherwise) with the caller's role. */
export async function accessChat(db: Executor, userId: number, chatId: string) {
  const [row] = await db.select().from(spaceAi).where(eq(spaceAi.chatId, chatId)).limit(1);
  if (!row?.enabled) throw new AppError(ErrorCode.dataMissing);
  const { space, role } = await accessSpace(db, userId, row.spaceId, 'read');
  return { ai: row, space, role };
}
