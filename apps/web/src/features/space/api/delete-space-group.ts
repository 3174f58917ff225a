import { api } from '../../../lib/api-client';

/** `DELETE /api/v3/space/group/{id}`: its spaces move to the first remaining group. */
export function deleteSpaceGroup(groupId: string) {
  return api.delete<unknown>(`/v3/space/group/${encodeURIComponent(groupId)}`);
}
