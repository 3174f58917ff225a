import { aiSessionListSchema, type AiSession } from '@library/contract';
import { api } from '../../../lib/api-client';

/**
 * `GET /api/v1/ai/chat/{chatId}/session`: the caller's conversations of a space's chat. Silent:
 * spec §8 has its own message for this failure ('the AI service is not working properly'); data
 * of the wrong shape fails the same way.
 */
export async function getConversations(chatId: string, signal?: AbortSignal): Promise<AiSession[]> {
  const data: unknown = await api.get(`/v1/ai/chat/${encodeURIComponent(chatId)}/session`, {
    signal,
    silent: true,
  });
  return aiSessionListSchema.parse(data).list;
}
