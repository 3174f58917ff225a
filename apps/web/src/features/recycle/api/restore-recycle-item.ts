import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestoreResult } from '@library/contract';
import { api } from '../../../lib/api-client';
import { recycleQueryKey } from './get-recycle-items';

/** `POST /api/v1/recycle/{id}/restore`: back to its place, or the space root when that is gone. */
export function restoreRecycleItem(recycleId: string): Promise<RestoreResult> {
  return api.post<RestoreResult>(`/v1/recycle/${encodeURIComponent(recycleId)}/restore`);
}

export function useRestoreRecycleItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreRecycleItem,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: recycleQueryKey });
      // the restored thing shows up again in the space list or the space's tree
      void queryClient.invalidateQueries({ queryKey: ['space'] });
      // a space or a team comes back in lists of several features
      if (result.kind === 'space' || result.kind === 'team') void queryClient.invalidateQueries();
    },
  });
}
