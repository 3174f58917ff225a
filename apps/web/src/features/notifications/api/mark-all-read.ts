import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { InboxPages } from '../lib/inbox-cache';
import { withRead } from '../lib/inbox-read';
import { notificationKeys } from './keys';

/** `PUT /api/v1/notification/readAll`: every unread one of mine read. */
export function markAllNotificationsRead(): Promise<null> {
  return api.put<null>('/v1/notification/readAll');
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      queryClient.setQueriesData<InboxPages>({ queryKey: notificationKeys.lists }, (data) =>
        withRead(data, null),
      );
      queryClient.setQueryData(notificationKeys.unread, 0);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
