import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageVersionList } from '@library/contract';
import { api } from '../../../lib/api-client';

export const pageVersionsQueryKey = (pageId: string) => ['page', pageId, 'versions'] as const;

/** `GET /api/v2/space/page/{id}/version`: published versions, newest first. */
export function getPageVersions(pageId: string, signal?: AbortSignal): Promise<PageVersionList> {
  return api.get<PageVersionList>(`/v2/space/page/${encodeURIComponent(pageId)}/version`, {
    signal,
  });
}

export function pageVersionsQueryOptions(pageId: string) {
  return queryOptions({
    queryKey: pageVersionsQueryKey(pageId),
    queryFn: ({ signal }) => getPageVersions(pageId, signal),
  });
}

export function usePageVersions(pageId: string, enabled = true) {
  return useQuery({ ...pageVersionsQueryOptions(pageId), enabled });
}
