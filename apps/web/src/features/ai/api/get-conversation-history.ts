import { aiConverseListSchema, type AiConverseItem } from '@library/contract';
import { api } from '../../../lib/api-client';

/**
 * `GET /api/v1/ai/chat/{chatId}/converse/{sessionId}`: questions and answers, oldest first.
 * Silent: spec §8 'history load failure' is shown instead.
 */
export async function getConversationHistory(
  chatId: string,
  sessionId: string,
  signal?: AbortSignal,
): Promise<AiConverseItem[]> {
  const data: unknown = await api.get(
    `/v1/ai/chat/${encodeURIComponent(chatId)}/converse/${encodeURIComponent(sessionId)}`,
    { signal, silent: true },
  );
  return aiConverseListSchema.parse(data).list;
}
