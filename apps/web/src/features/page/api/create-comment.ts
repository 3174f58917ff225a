import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCommentRequest, PageComment } from '@library/contract';
import { api } from '../../../lib/api-client';
import { pageCommentsQueryKey } from './get-page-comments';

/** `POST /api/v2/space/page/{id}/comment`: a comment, a reply (parentId), or on a block. */
export function createComment(pageId: string, input: CreateCommentRequest): Promise<PageComment> {
  return api.post<PageComment>(`/v2/space/page/${encodeURIComponent(pageId)}/comment`, input);
}

export function useCreateComment(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCommentRequest) => createComment(pageId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pageCommentsQueryKey(pageId) }),
  });
}
