import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageComment } from '@library/contract';
import { api } from '../../../lib/api-client';
import { pageCommentsQueryKey } from './get-page-comments';

/** `PUT /api/v2/space/comment/{id}`: the author edits the text. */
export function updateComment(commentId: string, content: string): Promise<PageComment> {
  return api.put<PageComment>(`/v2/space/comment/${encodeURIComponent(commentId)}`, { content });
}

export function useUpdateComment(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { commentId: string; content: string }) =>
      updateComment(input.commentId, input.content),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pageCommentsQueryKey(pageId) }),
  });
}
