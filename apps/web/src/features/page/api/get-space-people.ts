import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SpacePeople } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `GET /api/v2/space/{id}/people?keywords=`: people of the space to mention, friends first. */
export function getSpacePeople(
  spaceId: string,
  keywords: string,
  signal?: AbortSignal,
): Promise<SpacePeople> {
  return api.get<SpacePeople>(`/v2/space/${encodeURIComponent(spaceId)}/people`, {
    signal,
    query: { keywords },
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
