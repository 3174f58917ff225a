import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageVersionDiff } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `GET /api/v2/space/page/{id}/version/{n}/diff`: version n against the draft, block by block. */
export function getPageVersionDiff(
  pageId: string,
  version: number,
  signal?: AbortSignal,
): Promise<PageVersionDiff> {
  return api.get<PageVersionDiff>(
    `/v2/space/page/${encodeURIComponent(pageId)}/version/${version}/diff`,
    { signal },
  );
}

export function pageVersionDiffQueryOptions(pageId: string, version: number) {
  return queryOptions({
    queryKey: ['page', pageId, 'diff', version] as const,
    queryFn: ({ signal }) => getPageVersionDiff(pageId, version, signal),
    staleTime: 0,
  });
}

export function usePageVersionDiff(pageId: string, version: number | null) {
  return useQuery({
    ...pageVersionDiffQueryOptions(pageId, version ?? 0),
    enabled: version !== null,
  });
}
