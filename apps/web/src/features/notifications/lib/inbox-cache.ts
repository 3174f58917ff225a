// What the stream does to the pages of the inbox already in the cache, so that the list changes
// at once rather than after asking the server again (marking read: lib/inbox-read.ts; apart, as
// this loads with the shell and that with the inbox).
import type { InfiniteData } from '@tanstack/react-query';
import type { Notification, NotificationList } from '@library/contract';

export type InboxPages = InfiniteData<NotificationList, number>;

/** A new notification on top of the first page (unless the pages hold it already). */
export function withNewNotification(
  data: InboxPages | undefined,
  item: Notification,
): InboxPages | undefined {
  const first = data?.pages[0];
  if (!data || !first) return data;
  const known = data.pages.some((page) =>
    page.list.some((listed) => listed.notificationId === item.notificationId),
  );
  if (known) return data;
  return {
    ...data,
    pages: [
      { ...first, list: [item, ...first.list], total: first.total + 1 },
      ...data.pages.slice(1),
    ],
  };
}
