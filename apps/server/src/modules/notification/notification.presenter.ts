// A notification as the inbox and the live stream give it.
import type { Notification, NotificationSettings } from '@library/contract';
import { notificationTypes } from '@library/contract';
import { avatarPath } from '../user/index.js';
import { linkOf } from './notification.links.js';
import type { NotificationWithActor } from './notification.repo.js';

export function presentNotification({
  notification,
  actorNickname,
  actorAvatarKey,
}: NotificationWithActor): Notification {
  const actorId = notification.actorId;
  return {
    notificationId: String(notification.id),
    type: notification.type,
    read: notification.readAt !== null,
    createdAt: notification.createdAt.toISOString(),
    actor:
      actorId === null
        ? null
        : {
            userId: String(actorId),
            nickname: actorNickname ?? '',
            avatar: avatarPath({ id: actorId, avatarKey: actorAvatarKey }),
          },
    spaceId: notification.spaceId,
    pageId: notification.pageId,
    commentId: notification.commentId,
    blockId: notification.blockId,
    event: notification.event,
    link: linkOf(notification),
    title: notification.title,
    excerpt: notification.excerpt,
  };
}

export function presentSettings(
  row: { email: NotificationSettings['email']; muted: readonly string[] } | undefined,
  emailAvailable: boolean,
): NotificationSettings {
  const muted = new Set(row?.muted ?? []);
  return {
    email: row?.email ?? 'off',
    emailAvailable,
    types: Object.fromEntries(
      notificationTypes.map((type) => [type, !muted.has(type)]),
    ) as NotificationSettings['types'],
  };
}
