import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { historyQueryKey } from './get-history';

/** `DELETE /api/v1/history`: forget every visit. */
export function clearHistory(): Promise<null> {
  return api.delete<null>('/v1/history');
}

export function useClearHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearHistory,
    onSuccess: () => queryClient.resetQueries({ queryKey: historyQueryKey }),
  });
}
