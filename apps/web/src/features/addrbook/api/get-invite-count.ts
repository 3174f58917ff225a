import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddrbookInviteCount } from '@library/contract';
import { api } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { addrbookKeys } from './keys';

/**
 * `GET /api/v1/addrbook/invite/count`: invites waiting for my answer, for the sidebar's badge.
 * Silent: a badge that cannot load shows nothing rather than an error toast on every page.
 */
export function getInviteCount(signal?: AbortSignal): Promise<AddrbookInviteCount> {
  return api.get<AddrbookInviteCount>('/v1/addrbook/invite/count', { signal, silent: true });
}

/** Per token (logout clears the cache), asked again whenever the window regains focus. */
export function inviteCountQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...addrbookKeys.inviteCount, token] as const,
    queryFn: ({ signal }) => getInviteCount(signal),
    enabled: token !== null,
    refetchOnWindowFocus: 'always',
    select: (data) => data.pending,
  });
}

/** How many invites wait for my answer; 0 while unknown. */
export function usePendingInviteCount(): number {
  const token = useSessionStore((state) => state.token);
  return useQuery(inviteCountQueryOptions(token)).data ?? 0;
}
