import type { SpaceAiDetail } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `POST /api/v1/ai/{spaceId}/enable` (space admins): turns the space's AI chat on or off. */
export function enableSpaceAi(spaceId: string, enable: boolean) {
  return api.post<SpaceAiDetail>(`/v1/ai/${encodeURIComponent(spaceId)}/enable`, { enable });
}
