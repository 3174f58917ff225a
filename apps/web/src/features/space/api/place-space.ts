import { api } from '../../../lib/api-client';

/** `PUT /api/v3/space/{id}/group`: moves a space into a group (at the end, or before a space). */
export function placeSpace(spaceId: string, groupId: string, beforeSpaceId?: string) {
  return api.put<unknown>(`/v3/space/${encodeURIComponent(spaceId)}/group`, {
    groupId,
    beforeSpaceId,
  });
}
