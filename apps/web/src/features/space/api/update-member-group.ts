import { api } from '../../../lib/api-client';
import type { MemberGroupRole } from './create-member-group';

/** `PUT /api/v2/space/memberGroup/{id}`: rename a member group or change its role (admins). */
export function updateMemberGroup(
  memberGroupId: string,
  changes: { name?: string; role?: MemberGroupRole },
) {
  return api.put<null>(`/v2/space/memberGroup/${encodeURIComponent(memberGroupId)}`, changes);
}
