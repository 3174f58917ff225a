import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationList } from '@library/contract';
import { api } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { notificationKeys } from './keys';

/**
 * How many of my notifications are unread: the `unread` of `GET /api/v1/notification`, asked
 * with the smallest page (the inbox's pages, api/get-notifications.ts, load with the inbox, not
 * with the bell). Silent: a bell that cannot load shows no badge rather than an error toast on
 * every screen.
 */
export function getUnreadCount(signal?: AbortSignal): Promise<number> {
  return api
    .get<NotificationList>('/v1/notification', {
      query: { page: 0, pageSize: 1 },
      signal,
      silent: true,
    })
    .then((list) => list.unread);
}

export function unreadCountQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled,
    // the stream keeps it current; a tab left in the background catches up when it comes back
    refetchOnWindowFocus: 'always',
  });
}

/** The bell's count; 0 while unknown or logged out. */
export function useUnreadCount(): number {
  const loggedIn = useSessionStore((state) => state.token !== null);
  return useQuery(unreadCountQueryOptions(loggedIn)).data ?? 0;
}
