import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddrbookInvite } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys } from './keys';

/** `GET /api/v1/addrbook/invite/{inviteId}`: one invite. Silent: 404 is the screen's 'not found'. */
export function getInvite(inviteId: string, signal?: AbortSignal): Promise<AddrbookInvite> {
  return api.get<AddrbookInvite>(`/v1/addrbook/invite/${encodeURIComponent(inviteId)}`, {
    signal,
    silent: true,
  });
}

export function inviteQueryOptions(inviteId: string) {
  return queryOptions({
    queryKey: addrbookKeys.invite(inviteId),
    queryFn: ({ signal }) => getInvite(inviteId, signal),
  });
}

export function useInvite(inviteId: string) {
  return useQuery(inviteQueryOptions(inviteId));
}
