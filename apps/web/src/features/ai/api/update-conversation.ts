import { aiSessionSchema, type AiSession, type UpdateAiSessionRequest } from '@library/contract';
import { api } from '../../../lib/api-client';

/**
 * `PUT /api/v1/ai/chat/session/{id}` {name?, isPinned?}; pinning sets or clears pinnedAt on the
 * server. `silent` for the automatic rename, which has its own spec §8 message.
 */
export async function updateConversation(
  sessionId: string,
  body: UpdateAiSessionRequest,
  options: { signal?: AbortSignal; silent?: boolean } = {},
): Promise<AiSession> {
  const data: unknown = await api.put(
    `/v1/ai/chat/session/${encodeURIComponent(sessionId)}`,
    body,
    options,
  );
  return aiSessionSchema.parse(data);
}
