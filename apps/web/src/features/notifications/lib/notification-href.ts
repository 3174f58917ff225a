// Where a notification leads: its page, at its block (`?block=`, which the page screen scrolls to
// and highlights), and for a comment with the comments drawer open at it (`?comment=`); what is
// not about a page, where the server's `link` says.
import type { Notification } from '@library/contract';
import { paths } from '../../../config/paths';

type Target = Pick<Notification, 'spaceId' | 'pageId' | 'blockId' | 'commentId' | 'link'>;

/** The app path of what the notification is about (the phone's own page view when `mobile`). */
export function notificationHref(item: Target, mobile: boolean): string | null {
  // an invitation, an order, an account change: the server names the screen
  if (!item.spaceId) return item.link;
  if (!item.pageId) {
    return mobile ? paths.spaceMobile.getHref(item.spaceId) : paths.space.getHref(item.spaceId);
  }
  const path = mobile
    ? paths.spaceMobilePage.getHref(item.spaceId, item.pageId)
    : paths.spacePage.getHref(item.spaceId, item.pageId);
  const query = new URLSearchParams();
  if (item.blockId) query.set('block', item.blockId);
  if (item.commentId) query.set('comment', item.commentId);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
