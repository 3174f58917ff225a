import type { AddMemberRequest } from '@library/contract';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/v2/space/memberGroup/{id}/member`: a person by numeric ID (a friend), mobile or
 * e-mail, or a team I am in.
 */
export function addMember(memberGroupId: string, member: AddMemberRequest) {
  return api.post<unknown>(
    `/v2/space/memberGroup/${encodeURIComponent(memberGroupId)}/member`,
    member,
  );
}
