import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageDetail } from '@library/contract';
import { api } from '../../../lib/api-client';
import { earlyData, prefetchEarly, takeEarly } from './page-prefetch';

export const pageQueryKey = (pageId: string) => ['page', pageId, 'detail'] as const;

/** `GET /api/v2/space/page/{id}`: the page's details and what the user may do with it. */
export function getPage(
  pageId: string,
  signal?: AbortSignal,
  options?: { silent?: boolean },
): Promise<PageDetail> {
  return api.get<PageDetail>(`/v2/space/page/${encodeURIComponent(pageId)}`, {
    signal,
    ...options,
  });
}

export function pageQueryOptions(pageId: string) {
  return queryOptions({
    queryKey: pageQueryKey(pageId),
    queryFn: ({ signal }) => takeEarly(pageQueryKey(pageId), () => getPage(pageId, signal)),
    initialData: () => earlyData<PageDetail>(pageQueryKey(pageId)),
  });
}

/** Asks for the page before its screen mounts (page-prefetch.ts). */
export function prefetchPage(pageId: string): void {
  prefetchEarly(pageQueryKey(pageId), () => getPage(pageId, undefined, { silent: true }));
}

export function usePage(pageId: string) {
  return useQuery(pageQueryOptions(pageId));
}
