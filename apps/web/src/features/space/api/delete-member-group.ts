import { api } from '../../../lib/api-client';

/** `DELETE /api/v2/space/memberGroup/{id}`: the group and its memberships (not the owner group). */
export function deleteMemberGroup(memberGroupId: string) {
  return api.delete<null>(`/v2/space/memberGroup/${encodeURIComponent(memberGroupId)}`);
}
