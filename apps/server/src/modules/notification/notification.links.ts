// Where a notification leads: the web app's path of what it is about, and the absolute links a
// mail carries (the item, the settings, the unsubscribe link) under the site's PUBLIC_URL.
import { notificationSettingsPath } from '@library/contract';
import type { NotificationRow } from './notification.repo.js';

const encode = encodeURIComponent;

/** A page's path, at the block when there is one (the web scrolls to it and highlights it). */
export function pagePath(spaceId: string, pageId: string, blockId: string | null) {
  const path = `/space/${encode(spaceId)}/page/${encode(pageId)}`;
  return blockId ? `${path}?block=${encode(blockId)}` : path;
}

export const invitePath = (inviteId: string) => `/addrbook/invite/${encode(inviteId)}`;
export const orderPath = (orderId: string) => `/orders/${encode(orderId)}`;

/** The web app's path of a notification: its page's, else the one it was made with. */
export function linkOf(
  notification: Pick<NotificationRow, 'spaceId' | 'pageId' | 'blockId' | 'link'>,
): string | null {
  if (notification.spaceId && notification.pageId) {
    return pagePath(notification.spaceId, notification.pageId, notification.blockId);
  }
  return notification.link;
}

/** The absolute links of a mail to one person. */
export function mailLinks(publicUrl: string, unsubscribeQuery: string) {
  return {
    /** a notification's page (the site's home for what has none) */
    item: (notification: Parameters<typeof linkOf>[0]) =>
      `${publicUrl}${linkOf(notification) ?? '/'}`,
    settings: `${publicUrl}${notificationSettingsPath}`,
    unsubscribe: `${publicUrl}/api/v1/notification/unsubscribe?${unsubscribeQuery}`,
  };
}
