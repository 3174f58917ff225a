import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@library/contract';
import { api, type RequestOptions } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session-store';

export const currentUserQueryKey = ['user', 'current'] as const;

/** `GET /api/v1/user`: the logged-in user. */
export function getCurrentUser(
  options?: Pick<RequestOptions, 'signal' | 'silent' | 'timeoutMs'>,
): Promise<UserInfo> {
  return api.get<UserInfo>('/v1/user', options);
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser({ signal }),
  });
}

export function useCurrentUser() {
  const loggedIn = useSessionStore((state) => state.token !== null);
  return useQuery({ ...currentUserQueryOptions(), enabled: loggedIn });
}
