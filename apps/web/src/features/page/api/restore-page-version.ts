import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/v2/space/page/{id}/version/{n}/restore`: version n becomes the draft. */
export function restorePageVersion(pageId: string, version: number): Promise<unknown> {
  return api.post<unknown>(
    `/v2/space/page/${encodeURIComponent(pageId)}/version/${version}/restore`,
  );
}

export function useRestorePageVersion(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => restorePageVersion(pageId, version),
    // the draft changed: the editor reloads from the refetched blocks
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['page', pageId] }),
  });
}
