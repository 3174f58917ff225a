import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HistoryTargetType } from '@library/contract';
import { api } from '../../../lib/api-client';
import { historyQueryKey } from './get-history';

/** `DELETE /api/v1/history/{targetType}/{targetId}`: forget one visit. */
export function removeHistoryItem(targetType: HistoryTargetType, targetId: string): Promise<null> {
  return api.delete<null>(`/v1/history/${targetType}/${encodeURIComponent(targetId)}`);
}

export function useRemoveHistoryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: { targetType: HistoryTargetType; targetId: string }) =>
      removeHistoryItem(item.targetType, item.targetId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyQueryKey }),
  });
}
