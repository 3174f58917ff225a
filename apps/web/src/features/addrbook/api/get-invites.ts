import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AddrbookInviteList } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys } from './keys';

/** How many invites a page of the list shows. */
export const invitePageSize = 20;

/**
 * `GET /api/v1/addrbook/invite?page&pageSize`: friend requests, team invitations and join
 * requests, received and sent, newest first (page is 0-based).
 */
export function getInvites(
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<AddrbookInviteList> {
  return api.get<AddrbookInviteList>('/v1/addrbook/invite', { signal, query: { page, pageSize } });
}

export function invitesQueryOptions(page: number, pageSize = invitePageSize) {
  return queryOptions({
    queryKey: addrbookKeys.invitePage(page, pageSize),
    queryFn: ({ signal }) => getInvites(page, pageSize, signal),
    placeholderData: keepPreviousData,
    // someone may have asked meanwhile
    refetchOnWindowFocus: 'always',
  });
}

export function useInvites(page: number, pageSize = invitePageSize) {
  return useQuery(invitesQueryOptions(page, pageSize));
}
