// What JSON about the AI leaves the server: model providers (never their key), a space's AI,
// conversations and their messages with the references of each answer.
import {
  referDocSchema,
  type AiConverseItem,
  type AiProvider,
  type AiSession,
  type SpaceAiDetail,
} from '@library/contract';
import { z } from 'zod';
import type { MessageRow, SessionRow } from './conversation.repo.js';
import type { ProviderRow } from './provider.repo.js';
import type { SpaceAiRow } from './space-ai.repo.js';

export function presentProvider(row: ProviderRow): AiProvider {
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    hasApiKey: row.apiKeySealed !== null,
    chatModel: row.chatModel,
    embeddingModel: row.embeddingModel,
    embeddingDimension: row.embeddingDimension,
    rerankModel: row.rerankModel,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A space that never switched its AI on shows these settings. */
const defaults = { enabled: false, prologue: '', instructions: '', topK: 5, includeDrafts: false };

/** Only managers see the extra instructions and the last indexing error. */
export function presentSpaceAi(
  spaceId: string,
  row: SpaceAiRow | undefined,
  extra: {
    /** the provider answering chats, if any */
    provider: ProviderRow | undefined;
    index: { documents: number; chunks: number; pending: number };
    abilities: SpaceAiDetail['abilities'];
  },
): SpaceAiDetail {
  const settings = row ?? defaults;
  const manager = extra.abilities.canManage;
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
    model: { configured: extra.provider !== undefined, name: extra.provider?.chatModel ?? null },
    index: {
      ...extra.index,
      lastError: manager ? (row?.indexError ?? null) : null,
      updatedAt: row?.indexedAt?.toISOString() ?? null,
    },
    abilities: extra.abilities,
  };
}

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

/** Stored references that no longer fit the schema read as none. */
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
