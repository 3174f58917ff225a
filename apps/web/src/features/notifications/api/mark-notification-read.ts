import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@library/contract';
import { api } from '../../../lib/api-client';
import type { InboxPages } from '../lib/inbox-cache';
import { withRead } from '../lib/inbox-read';
import { notificationKeys } from './keys';

/** `PUT /api/v1/notification/{id}/read`: one of mine read. */
export function markNotificationRead(notificationId: string): Promise<null> {
  return api.put<null>(`/v1/notification/${encodeURIComponent(notificationId)}/read`);
}

/**
 * Marks the unread ones among these read (a folded row is several): the list and the bell change
 * at once, and ask the server again once it has answered.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: readonly Notification[]) =>
      Promise.all(
        items.filter((item) => !item.read).map((item) => markNotificationRead(item.notificationId)),
      ),
    onMutate: async (items) => {
      const ids = new Set(items.filter((item) => !item.read).map((item) => item.notificationId));
      if (ids.size === 0) return;
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      queryClient.setQueriesData<InboxPages>({ queryKey: notificationKeys.lists }, (data) =>
        withRead(data, ids),
      );
      queryClient.setQueryData<number>(notificationKeys.unread, (count) =>
        count === undefined ? count : Math.max(0, count - ids.size),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
