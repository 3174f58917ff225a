import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedSpace } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys } from './keys';

/** `GET /api/v1/friend/{userId}/space`: the spaces a friend and I are both members of. */
export function getSharedSpaces(
  friendId: string,
  signal?: AbortSignal,
): Promise<{ list: SharedSpace[] }> {
  return api.get<{ list: SharedSpace[] }>(`/v1/friend/${encodeURIComponent(friendId)}/space`, {
    signal,
  });
}

export function sharedSpacesQueryOptions(friendId: string) {
  return queryOptions({
    queryKey: addrbookKeys.sharedSpaces(friendId),
    queryFn: ({ signal }) => getSharedSpaces(friendId, signal),
    select: (data) => data.list,
  });
}

export function useSharedSpaces(friendId: string) {
  return useQuery(sharedSpacesQueryOptions(friendId));
}
