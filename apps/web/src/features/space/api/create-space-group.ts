import { api } from '../../../lib/api-client';

/** `POST /api/v3/space/group` → the new group. */
export function createSpaceGroup(groupName: string) {
  return api.post<{ groupId: string; groupName: string }>('/v3/space/group', { groupName });
}
