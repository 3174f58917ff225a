import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `DELETE /api/v2/space/page/{id}/publish`: readers no longer see the page (900012 if not). */
export function unpublishPage(pageId: string): Promise<unknown> {
  return api.delete<unknown>(`/v2/space/page/${encodeURIComponent(pageId)}/publish`);
}

export function useUnpublishPage(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unpublishPage(pageId),
    // not the blocks: the editor keeps what the user is typing
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['page', pageId, 'detail'] }),
        queryClient.invalidateQueries({ queryKey: ['page', pageId, 'versions'] }),
      ]),
  });
}
