import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface WatchState {
  watching: boolean;
}

export const pageWatchQueryKey = (pageId: string) => ['watch', 'page', pageId] as const;

/**
 * `GET /api/v1/watch?targetType=page&targetId`: whether I hear of the page's new comments and
 * versions (an author watches their page until they stop).
 */
export function getPageWatch(pageId: string, signal?: AbortSignal): Promise<WatchState> {
  return api.get<WatchState>('/v1/watch', {
    query: { targetType: 'page', targetId: pageId },
    signal,
    // a toolbar button that cannot tell is left out; no toast over the page
    silent: true,
  });
}

export function pageWatchQueryOptions(pageId: string, enabled: boolean) {
  return queryOptions({
    queryKey: pageWatchQueryKey(pageId),
    queryFn: ({ signal }) => getPageWatch(pageId, signal),
    enabled,
  });
}

export function usePageWatch(pageId: string, enabled: boolean) {
  return useQuery(pageWatchQueryOptions(pageId, enabled));
}
