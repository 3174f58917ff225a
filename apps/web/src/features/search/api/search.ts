import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResultList, SearchResultType } from '@library/contract';
import { api } from '../../../lib/api-client';

export interface SearchParams {
  keywords: string;
  spaceId?: string | undefined;
  type?: SearchResultType | undefined;
  /** made by this user (their numeric ID) */
  authorId?: string | undefined;
  /** changed at or after this time (ISO 8601) */
  updatedAfter?: string | undefined;
}

/** `GET /api/v3/search`: pages, topics, links, files and the caller's notes, best first. */
export function search(params: SearchParams, signal?: AbortSignal): Promise<SearchResultList> {
  return api.get<SearchResultList>('/v3/search', {
    signal,
    silent: true,
    query: {
      keywords: params.keywords,
      spaceId: params.spaceId,
      type: params.type,
      authorId: params.authorId,
      updatedAfter: params.updatedAfter,
      page: 0,
      pageSize: 30,
    },
  });
}

export function useSearch(params: SearchParams) {
  const keywords = params.keywords.trim();
  return useQuery({
    queryKey: [
      'search',
      keywords,
      params.spaceId ?? null,
      params.type ?? null,
      params.authorId ?? null,
      params.updatedAfter ?? null,
    ],
    queryFn: ({ signal }) => search({ ...params, keywords }, signal),
    enabled: keywords.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
