import { api } from '../../../lib/api-client';

/** `DELETE /api/system/v1/ai/provider/{id}`. */
export function deleteAiProvider(id: string) {
  return api.delete<null>(`/system/v1/ai/provider/${encodeURIComponent(id)}`);
}
