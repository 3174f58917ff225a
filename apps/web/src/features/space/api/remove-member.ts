import { api } from '../../../lib/api-client';

/** `DELETE /api/v2/space/memberGroup/{id}/member/{memberType}/{memberId}`. */
export function removeMember(memberGroupId: string, memberType: string, memberId: string) {
  const e = encodeURIComponent;
  return api.delete<unknown>(
    `/v2/space/memberGroup/${e(memberGroupId)}/member/${e(memberType)}/${e(memberId)}`,
  );
}
