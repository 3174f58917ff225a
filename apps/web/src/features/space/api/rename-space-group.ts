import { api } from '../../../lib/api-client';

/** `PUT /api/v3/space/group/{id}`. */
export function renameSpaceGroup(groupId: string, groupName: string) {
  return api.put<unknown>(`/v3/space/group/${encodeURIComponent(groupId)}`, { groupName });
}
