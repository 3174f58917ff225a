import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageBlocks } from '@library/contract';
import { api } from '../../../lib/api-client';
import { earlyData, prefetchEarly, takeEarly } from './page-prefetch';

export const pageBlocksQueryKey = (pageId: string, version: number) =>
  ['page', pageId, 'blocks', version] as const;

/**
 * `GET /api/v2/space/page/{id}/block?version=0|N`: the draft for editors (0), the published
 * version for readers (0, 404 when unpublished), or version N.
 */
export function getPageBlocks(
  pageId: string,
  version: number,
  options?: { signal?: AbortSignal; silent?: boolean },
): Promise<PageBlocks> {
  return api.get<PageBlocks>(`/v2/space/page/${encodeURIComponent(pageId)}/block`, {
    ...options,
    query: { version },
  });
}

export function pageBlocksQueryOptions(pageId: string, version: number) {
  return queryOptions({
    queryKey: pageBlocksQueryKey(pageId, version),
    // silent: an unpublished page answers 404 to readers, shown as an empty state
    queryFn: ({ signal }) =>
      takeEarly(
        pageBlocksQueryKey(pageId, version),
        () => getPageBlocks(pageId, version, { signal, silent: true }),
        { failAsIs: true },
      ),
    initialData: () => earlyData<PageBlocks>(pageBlocksQueryKey(pageId, version)),
    // the editor owns the document once loaded; refetching would fight the user's typing
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** Asks for the draft (or, for readers, the published blocks) before the screen mounts. */
export function prefetchPageBlocks(pageId: string): void {
  prefetchEarly(pageBlocksQueryKey(pageId, 0), () => getPageBlocks(pageId, 0, { silent: true }));
}

export function usePageBlocks(pageId: string, version: number, enabled = true) {
  return useQuery({ ...pageBlocksQueryOptions(pageId, version), enabled });
}
