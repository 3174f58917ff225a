import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@library/contract';
import { api, type RequestOptions } from '../../../lib/api-client';
import { notificationKeys } from './keys';

export const notificationPageSize = 20;

/**
 * `GET /api/v1/notification`: one page (0-based) of my notifications, newest first; `unread`
 * counts every unread one whatever the filter.
 */
export function getNotifications(
  query: { page: number; pageSize?: number; unreadOnly?: boolean },
  options?: Pick<RequestOptions, 'signal' | 'silent'>,
): Promise<NotificationList> {
  return api.get<NotificationList>('/v1/notification', {
    ...options,
    query: {
      page: query.page,
      pageSize: query.pageSize ?? notificationPageSize,
      unreadOnly: query.unreadOnly ?? false,
    },
  });
}

export function notificationsQueryOptions(
  unreadOnly: boolean,
  onUnread?: (unread: number) => void,
) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(unreadOnly),
    queryFn: async ({ pageParam, signal }) => {
      const list = await getNotifications({ page: pageParam, unreadOnly }, { signal });
      // every page tells the unread count as it stands now: the bell follows it
      onUnread?.(list.unread);
      return list;
    },
    initialPageParam: 0,
    getNextPageParam: (last, _all, lastPage) =>
      (lastPage + 1) * notificationPageSize < last.total ? lastPage + 1 : undefined,
  });
}

/** The inbox, all or only the unread, by pages. */
export function useNotifications(unreadOnly: boolean) {
  const queryClient = useQueryClient();
  return useInfiniteQuery(
    notificationsQueryOptions(unreadOnly, (unread) =>
      queryClient.setQueryData(notificationKeys.unread, unread),
    ),
  );
}
