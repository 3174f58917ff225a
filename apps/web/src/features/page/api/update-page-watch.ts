import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageWatchQueryKey, type WatchState } from './get-page-watch';

/** `PUT /api/v1/watch` `{targetType: 'page', targetId, watch}`: start or stop hearing of it. */
export function updatePageWatch(pageId: string, watch: boolean): Promise<WatchState> {
  return api.put<WatchState>('/v1/watch', { targetType: 'page', targetId: pageId, watch });
}

export function useUpdatePageWatch(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (watch: boolean) => updatePageWatch(pageId, watch),
    // an answer to the first ask still on its way would overwrite this one's
    onMutate: () => queryClient.cancelQueries({ queryKey: pageWatchQueryKey(pageId) }),
    onSuccess: (state) => queryClient.setQueryData(pageWatchQueryKey(pageId), state),
  });
}
