import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendGroup } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys } from './keys';

/** `GET /api/v1/friend/group`: my groups in my order, each with its friends; a default one always. */
export function getFriendGroups(signal?: AbortSignal): Promise<{ list: FriendGroup[] }> {
  return api.get<{ list: FriendGroup[] }>('/v1/friend/group', { signal });
}

export function friendGroupsQueryOptions() {
  return queryOptions({
    queryKey: addrbookKeys.friendGroups,
    queryFn: ({ signal }) => getFriendGroups(signal),
    select: (data) => data.list,
  });
}

export function useFriendGroups() {
  return useQuery(friendGroupsQueryOptions());
}
