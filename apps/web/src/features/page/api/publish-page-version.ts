import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageVersion } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `POST /api/v2/space/page/{id}/version`: publish the draft as a named version. */
export function publishPageVersion(pageId: string, name: string): Promise<PageVersion> {
  // silent: 900010 (name taken) and 900011 (empty) are shown on the form field
  return api.post<PageVersion>(
    `/v2/space/page/${encodeURIComponent(pageId)}/version`,
    { name },
    { silent: true },
  );
}

export function usePublishPageVersion(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => publishPageVersion(pageId, name),
    // not the blocks: the editor keeps what the user is typing
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['page', pageId, 'detail'] }),
        queryClient.invalidateQueries({ queryKey: ['page', pageId, 'versions'] }),
      ]),
  });
}
