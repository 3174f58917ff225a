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
    // not the blocks: the editor keeps what the user is typing. The refetches are not awaited:
    // the button's spinner follows the server's answer alone (a slow or stuck refetch once kept
    // it spinning for minutes after the version list had already shown the change)
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['page', pageId, 'detail'] });
      void queryClient.invalidateQueries({ queryKey: ['page', pageId, 'versions'] });
    },
  });
}
