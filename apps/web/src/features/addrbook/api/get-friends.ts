import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendList } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys } from './keys';

/** `GET /api/v1/friend?keywords`: my friends whose name, remark, phone or ID matches. */
export function getFriends(keywords: string, signal?: AbortSignal): Promise<FriendList> {
  return api.get<FriendList>('/v1/friend', { signal, query: { keywords: keywords || undefined } });
}

export function friendsQueryOptions(keywords: string) {
  return queryOptions({
    queryKey: addrbookKeys.friends(keywords),
    queryFn: ({ signal }) => getFriends(keywords, signal),
    placeholderData: keepPreviousData,
  });
}

/** The search results; asks nothing while `keywords` is empty (the groups show then). */
export function useFriendSearch(keywords: string) {
  return useQuery({ ...friendsQueryOptions(keywords), enabled: keywords !== '' });
}

/** Every friend (the add-members dialog picks from them). */
export function useAllFriends(enabled = true) {
  return useQuery({ ...friendsQueryOptions(''), enabled });
}
