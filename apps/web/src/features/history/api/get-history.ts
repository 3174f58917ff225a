import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HistoryList } from '@library/contract';
import { api, type RequestOptions } from '../../../lib/api-client';

export const historyQueryKey = ['history', 'list'] as const;
export const historyPageSize = 50;

/** `GET /api/v1/history`: visits, newest first, one page (0-based) at a time. */
export function getHistory(
  page: number,
  options?: Pick<RequestOptions, 'signal'>,
): Promise<HistoryList> {
  return api.get<HistoryList>('/v1/history', {
    ...options,
    query: { page, pageSize: historyPageSize },
  });
}

export function historyQueryOptions() {
  return infiniteQueryOptions({
    queryKey: historyQueryKey,
    queryFn: ({ pageParam, signal }) => getHistory(pageParam, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      (last.page + 1) * last.pageSize < last.total ? last.page + 1 : undefined,
  });
}

export function useHistory() {
  return useInfiniteQuery(historyQueryOptions());
}
