import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RecycleList } from '@library/contract';
import { api, type RequestOptions } from '../../../lib/api-client';

export const recycleQueryKey = ['recycle', 'list'] as const;

export interface RecycleQuery {
  /** 0-based, as the API counts */
  page: number;
  pageSize: number;
  keywords: string;
}

/** `GET /api/v1/recycle`: deleted things the user may see, newest deletion first. */
export function getRecycleItems(
  query: RecycleQuery,
  options?: Pick<RequestOptions, 'signal'>,
): Promise<RecycleList> {
  return api.get<RecycleList>('/v1/recycle', {
    ...options,
    query: {
      page: query.page,
      pageSize: query.pageSize,
      keywords: query.keywords || undefined,
    },
  });
}

export function recycleQueryOptions(query: RecycleQuery) {
  return queryOptions({
    queryKey: [...recycleQueryKey, query],
    queryFn: ({ signal }) => getRecycleItems(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRecycleItems(query: RecycleQuery) {
  return useQuery(recycleQueryOptions(query));
}
