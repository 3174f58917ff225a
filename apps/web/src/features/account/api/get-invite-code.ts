import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InviteCodeResponse } from '@library/contract';
import { api } from '../../../lib/api-client';

export const inviteCodeQueryKey = ['user', 'invite-code'] as const;

/** `GET /api/v1/user/inviteCode`: the code others register with to become friends. */
export function getInviteCode(signal?: AbortSignal): Promise<InviteCodeResponse> {
  return api.get<InviteCodeResponse>('/v1/user/inviteCode', { signal });
}

export function useInviteCode() {
  return useQuery(
    queryOptions({ queryKey: inviteCodeQueryKey, queryFn: ({ signal }) => getInviteCode(signal) }),
  );
}
