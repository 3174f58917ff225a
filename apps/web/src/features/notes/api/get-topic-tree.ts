import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TreeNode } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `GET /api/v2/space/{id}/tree`, read here only to offer a topic as the new page's parent. */
export function getSpaceTree(spaceId: string, signal?: AbortSignal): Promise<TreeNode[]> {
  return api.get<TreeNode[]>(`/v2/space/${encodeURIComponent(spaceId)}/tree`, { signal });
}

export function topicTreeQueryOptions(spaceId: string) {
  return queryOptions({
    queryKey: ['notes', 'target-tree', spaceId] as const,
    queryFn: ({ signal }) => getSpaceTree(spaceId, signal),
  });
}

export function useTopicTree(spaceId: string | null) {
  return useQuery({ ...topicTreeQueryOptions(spaceId ?? ''), enabled: spaceId !== null });
}
