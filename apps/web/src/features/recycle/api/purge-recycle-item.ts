import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recycleQueryKey } from './get-recycle-items';

/** `DELETE /api/v1/recycle/{id}`: delete forever. */
export function purgeRecycleItem(recycleId: string): Promise<null> {
  return api.delete<null>(`/v1/recycle/${encodeURIComponent(recycleId)}`);
}

export function usePurgeRecycleItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purgeRecycleItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recycleQueryKey }),
  });
}
