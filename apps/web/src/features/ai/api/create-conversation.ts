import { aiSessionSchema, type AiSession } from '@library/contract';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/v1/ai/chat/{chatId}/session` {name}. Silent: spec §8 'creating the conversation
 * failed' is shown instead, also when the answer is not a conversation.
 */
export async function createConversation(
  chatId: string,
  name: string,
  signal?: AbortSignal,
): Promise<AiSession> {
  const data: unknown = await api.post(
    `/v1/ai/chat/${encodeURIComponent(chatId)}/session`,
    { name },
    { signal, silent: true },
  );
  return aiSessionSchema.parse(data);
}
