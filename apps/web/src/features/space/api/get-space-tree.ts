import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { indexSpaceTree } from '../lib/space-tree';
import { spaceKeys } from './space-keys';

/** `GET /api/v2/space/{id}/tree`: nested topics, pages and links; unknown types are dropped. */
export function getSpaceTree(spaceId: string, signal?: AbortSignal) {
  return api.get<unknown>(`/v2/space/${encodeURIComponent(spaceId)}/tree`, { signal });
}

export function spaceTreeQueryOptions(spaceId: string) {
  return queryOptions({
    queryKey: spaceKeys.tree(spaceId),
    queryFn: async ({ signal }) => {
      const data = await getSpaceTree(spaceId, signal);
      return indexSpaceTree(Array.isArray(data) ? data : []);
    },
  });
}

export function useSpaceTree(spaceId: string, enabled = true) {
  return useQuery({ ...spaceTreeQueryOptions(spaceId), enabled });
}
