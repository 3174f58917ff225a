// What marking read does to the pages of the inbox already in the cache, so that the list changes
// at once rather than after the server has answered.
import type { InboxPages } from './inbox-cache';

/** These notifications (all when `ids` is null) marked read. */
export function withRead(data: InboxPages | undefined, ids: ReadonlySet<string> | null) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unread: ids === null ? 0 : page.unread,
      list: page.list.map((item) =>
        !item.read && (ids === null || ids.has(item.notificationId))
          ? { ...item, read: true }
          : item,
      ),
    })),
  };
}
