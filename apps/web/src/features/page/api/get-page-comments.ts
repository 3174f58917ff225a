import { queryOptions, useQuery } from '@tanstack/react-query';
import { limits, type CommentList } from '@library/contract';
import { api } from '../../../lib/api-client';

export const pageCommentsQueryKey = (pageId: string) => ['page', pageId, 'comments'] as const;

/** `GET /api/v2/space/page/{id}/comment?page=0&pageSize=10000`: all comments, nested replies. */
export function getPageComments(pageId: string, signal?: AbortSignal): Promise<CommentList> {
  return api.get<CommentList>(`/v2/space/page/${encodeURIComponent(pageId)}/comment`, {
    signal,
    query: { page: 0, pageSize: limits.commentsPageSize },
  });
}

export function pageCommentsQueryOptions(pageId: string) {
  return queryOptions({
    queryKey: pageCommentsQueryKey(pageId),
    queryFn: ({ signal }) => getPageComments(pageId, signal),
  });
}

export function usePageComments(pageId: string, enabled = true) {
  return useQuery({ ...pageCommentsQueryOptions(pageId), enabled });
}
