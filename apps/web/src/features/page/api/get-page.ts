import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageDetail } from '@library/contract';
import { api } from '../../../lib/api-client';

export const pageQueryKey = (pageId: string) => ['page', pageId, 'detail'] as const;

/** `GET /api/v2/space/page/{id}`: the page's details and what the user may do with it. */
export function getPage(pageId: string, signal?: AbortSignal): Promise<PageDetail> {
  return api.get<PageDetail>(`/v2/space/page/${encodeURIComponent(pageId)}`, { signal });
}

export function pageQueryOptions(pageId: string) {
  return queryOptions({
    queryKey: pageQueryKey(pageId),
    queryFn: ({ signal }) => getPage(pageId, signal),
  });
}

export function usePage(pageId: string) {
  return useQuery(pageQueryOptions(pageId));
}
