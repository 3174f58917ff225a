import type { SpaceAiDetail } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `POST /api/v1/ai/{spaceId}/reindex` (space admins): indexes the whole space again. */
export function reindexSpaceAi(spaceId: string) {
  return api.post<SpaceAiDetail>(`/v1/ai/${encodeURIComponent(spaceId)}/reindex`);
}
