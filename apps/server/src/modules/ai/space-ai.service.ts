// A space's AI: turning it on, its detail (chat id, prologue, settings, model and index state,
// what the caller may do) and settings. Who may do which is ai.policy.ts's.
import {
  ErrorCode,
  type SpaceAccessRole,
  type SpaceAiDetail,
  type SpaceAiSettingsRequest,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { accessSpace } from '../space/index.js';
import { aiNeeds, spaceAiAbilities } from './ai.policy.js';
import { presentSpaceAi } from './ai.presenter.js';
import { indexState, queueReindex } from './index.service.js';
import { listProviders } from './provider.repo.js';
import * as repo from './space-ai.repo.js';

/** The space AI as the caller sees it (an anonymous visitor reads it but cannot chat). */
export async function spaceAiDetail(
  db: Executor,
  spaceId: string,
  role: SpaceAccessRole,
  anonymous = false,
): Promise<SpaceAiDetail> {
  const row = await repo.findSpaceAi(db, spaceId);
  const [provider] = await listProviders(db);
  const index = await indexState(db, spaceId);
  const abilities = spaceAiAbilities(role, { enabled: row?.enabled ?? false }, anonymous);
  return presentSpaceAi(spaceId, row, { provider, index, abilities });
}

export async function getSpaceAi(db: Database, userId: number | null, spaceId: string) {
  const { role } = await accessSpace(db, userId, spaceId, aiNeeds.see);
  return spaceAiDetail(db, spaceId, role, userId === null);
}

/** Switching it on indexes the space. */
export async function enableSpaceAi(
  db: Database,
  userId: number,
  spaceId: string,
  enable: boolean,
) {
  const { role } = await accessSpace(db, userId, spaceId, aiNeeds.configure);
  await db.transaction(async (tx) => {
    const current = await repo.findSpaceAi(tx, spaceId);
    if (current?.enabled === enable) return;
    await repo.saveSpaceAi(tx, spaceId, { enabled: enable });
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
  const { role } = await accessSpace(db, userId, spaceId, aiNeeds.configure);
  await db.transaction(async (tx) => {
    const current = await repo.findSpaceAi(tx, spaceId);
    await repo.saveSpaceAi(tx, spaceId, {
      prologue: settings.prologue,
      instructions: settings.instructions,
      topK: settings.topK,
      includeDrafts: settings.includeDrafts,
    });
    // Including drafts or not changes what every unpublished page contributes.
    if (current?.enabled && current.includeDrafts !== settings.includeDrafts) {
      await queueReindex(tx, spaceId);
    }
  });
  return spaceAiDetail(db, spaceId, role);
}

/** Re-indexes an enabled space's AI (refused while it is off). */
export async function reindexSpaceAi(db: Database, userId: number, spaceId: string) {
  const { role } = await accessSpace(db, userId, spaceId, aiNeeds.reindex);
  const current = await repo.findSpaceAi(db, spaceId);
  if (!current?.enabled) throw new AppError(ErrorCode.operationNotAllowed);
  await queueReindex(db, spaceId);
  return spaceAiDetail(db, spaceId, role);
}

/** The chat of an enabled space AI the caller may ask (404 otherwise) with the caller's role. */
export async function accessChat(db: Executor, userId: number, chatId: string) {
  const row = await repo.findSpaceAiByChat(db, chatId);
  if (!row?.enabled) throw new AppError(ErrorCode.dataMissing);
  const { space, role } = await accessSpace(db, userId, row.spaceId, aiNeeds.ask);
  return { ai: row, space, role };
}
