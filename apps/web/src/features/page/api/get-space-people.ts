import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SpacePeople } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `GET /api/v2/space/{id}/people?keywords=`: people of the space to mention, friends first. */
export function getSpacePeople(
  spaceId: string,
  keywords: string,
  signal?: AbortSignal,
  userIds?: string[],
): Promise<SpacePeople> {
  return api.get<SpacePeople>(`/v2/space/${encodeURIComponent(spaceId)}/people`, {
    signal,
    query: userIds ? { keywords, userIds: userIds.join(',') } : { keywords },
    // a mention of someone not (or no longer) of the space, or a reader's view: shown unnamed
    silent: userIds !== undefined,
  });
}

export function useSpacePeople(spaceId: string, keywords: string, enabled: boolean) {
  return useQuery({
    queryKey: ['space', spaceId, 'people', keywords],
    queryFn: ({ signal }) => getSpacePeople(spaceId, keywords, signal),
    enabled,
    staleTime: 30_000,
    // the list stays while the next words' answer is on its way
    placeholderData: keepPreviousData,
  });
}

/** One person a page mentions, by name (undefined while loading or when not of the space). */
export function useSpacePerson(spaceId: string, userId: string) {
  return useQuery({
    queryKey: ['space', spaceId, 'person', userId],
    queryFn: async ({ signal }) =>
      (await getSpacePeople(spaceId, '', signal, [userId])).list[0] ?? null,
    enabled: spaceId !== '' && userId !== '',
    staleTime: 5 * 60_000,
    retry: false,
  });
}
