import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageCommentsQueryKey } from './get-page-comments';

/** `DELETE /api/v2/space/comment/{id}`: the author, or a space admin. */
export function deleteComment(commentId: string): Promise<unknown> {
  return api.delete<unknown>(`/v2/space/comment/${encodeURIComponent(commentId)}`);
}

export function useDeleteComment(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(commentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pageCommentsQueryKey(pageId) }),
  });
}
