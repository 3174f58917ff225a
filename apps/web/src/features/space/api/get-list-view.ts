import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListView, ListViewQuery } from '@library/contract';
import { api } from '../../../lib/api-client';
import { spaceKeys } from './space-keys';

/** `GET /api/v3/space/{spaceId}/topic/listView?orderBy&order[&topicId]`. */
export function getListView(spaceId: string, query: ListViewQuery, signal?: AbortSignal) {
  return api.get<ListView>(`/v3/space/${encodeURIComponent(spaceId)}/topic/listView`, {
    query: { orderBy: query.orderBy, order: query.order, topicId: query.topicId },
    signal,
  });
}

export function listViewQueryOptions(spaceId: string, query: ListViewQuery) {
  return queryOptions({
    queryKey: [...spaceKeys.listView(spaceId), query] as const,
    queryFn: ({ signal }) => getListView(spaceId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useListView(spaceId: string, query: ListViewQuery) {
  return useQuery(listViewQueryOptions(spaceId, query));
}
