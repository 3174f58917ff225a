import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface UpdatePageInput {
  name?: string;
  avatar?: string;
}

/** `PUT /api/v2/space/page/{id}`: rename the page or change its icon. */
export function updatePage(pageId: string, input: UpdatePageInput): Promise<unknown> {
  return api.put<unknown>(`/v2/space/page/${encodeURIComponent(pageId)}`, input);
}

export function useUpdatePage(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePageInput) => updatePage(pageId, input),
    // the tree and tabs show the name too
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['page', pageId, 'detail'] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['space'] }),
  });
}
