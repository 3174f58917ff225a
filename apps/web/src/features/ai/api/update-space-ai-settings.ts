import type { SpaceAiDetail, SpaceAiSettingsRequest } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `PUT /api/v1/ai/{spaceId}/settings` (space admins): prologue, instructions, passages, drafts. */
export function updateSpaceAiSettings(spaceId: string, body: SpaceAiSettingsRequest) {
  return api.put<SpaceAiDetail>(`/v1/ai/${encodeURIComponent(spaceId)}/settings`, body);
}
