import { api } from '../../../lib/api-client';

/** `DELETE /api/v1/ai/chat/session/{id}`: the conversation and its history. */
export function deleteConversation(sessionId: string, signal?: AbortSignal) {
  return api.delete<null>(`/v1/ai/chat/session/${encodeURIComponent(sessionId)}`, { signal });
}
