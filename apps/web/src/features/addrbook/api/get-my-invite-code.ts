import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InviteCodeResponse } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys } from './keys';

/** `GET /api/v1/user/inviteCode`: my code; the link to share is `/register?c=<code>`. */
export function getMyInviteCode(signal?: AbortSignal): Promise<InviteCodeResponse> {
  return api.get<InviteCodeResponse>('/v1/user/inviteCode', { signal });
}

export function myInviteCodeQueryOptions() {
  return queryOptions({
    queryKey: addrbookKeys.myInviteCode,
    queryFn: ({ signal }) => getMyInviteCode(signal),
    staleTime: 5 * 60_000,
  });
}

export function useMyInviteCode(enabled = true) {
  return useQuery({ ...myInviteCodeQueryOptions(), enabled });
}
