import { api } from '../../../lib/api-client';

export type MemberGroupRole = 'admin' | 'editor' | 'reader';

/** `POST /api/v2/space/{id}/memberGroup` (admins). */
export function createMemberGroup(spaceId: string, name: string, role: MemberGroupRole) {
  return api.post<{ memberGroupId: string }>(
    `/v2/space/${encodeURIComponent(spaceId)}/memberGroup`,
    { name, role },
  );
}
