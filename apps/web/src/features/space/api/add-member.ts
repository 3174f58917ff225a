import { api } from '../../../lib/api-client';

/** `POST /api/v2/space/memberGroup/{id}/member`: a user by numeric ID, mobile or e-mail. */
export function addMember(memberGroupId: string, account: string) {
  return api.post<unknown>(`/v2/space/memberGroup/${encodeURIComponent(memberGroupId)}/member`, {
    memberType: 'user',
    account,
  });
}
