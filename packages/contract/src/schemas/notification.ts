import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';
import { pageUserSchema } from './page.js';
import { idSchema } from './space.js';

// Notifications: the inbox (`GET /api/v1/notification`, `PUT …/{id}/read`, `PUT …/readAll`), its
// live stream (`GET /api/v1/notification/stream`, one `notification` event per new item), each
// person's settings (`GET|PUT /api/v1/notification/settings`), and watching a space, topic or page
// (`PUT /api/v1/watch`).

export const notificationTypes = [
  'mention',
  'reply',
  'comment',
  'publish',
  'invite',
  'share',
  'order',
  'account',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/**
 * What happened, for the kinds that stand for several things (null for the page kinds, whose
 * `type` says it): `invite` — a friend request, a team invitation, a join request to a team one
 * manages; `order` — one's order paid or refunded; `account` — an administrator enabled the
 * account again, approved its registration, changed its roles, set a new password, or changed its
 * feature switches or quotas.
 */
export const notificationEvents = [
  'friendRequest',
  'teamInvitation',
  'teamJoinRequest',
  'orderPaid',
  'orderRefunded',
  'accountEnabled',
  'accountApproved',
  'accountRoles',
  'accountPassword',
  'accountPermission',
  'accountQuota',
] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

export const notificationListQuerySchema = pageQuerySchema(20).extend({
  unreadOnly: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationSchema = z.object({
  notificationId: z.string(),
  type: z.enum(notificationTypes),
  read: z.boolean(),
  createdAt: z.string(),
  /** who did it (null: the system, e.g. an order paid) */
  actor: pageUserSchema.nullable(),
  spaceId: z.string().nullable(),
  pageId: z.string().nullable(),
  commentId: z.string().nullable(),
  blockId: z.string().nullable(),
  /** what happened, for kinds that stand for several things (`notificationEvents`) */
  event: z.enum(notificationEvents).nullable(),
  /**
   * the web app's path of what it is about: `/space/{spaceId}/page/{pageId}` (with
   * `?block={blockId}` when it is about a block), `/addrbook/invite/{inviteId}`,
   * `/orders/{orderId}`; null when there is nothing to open (an account's change)
   */
  link: z.string().nullable(),
  /** the page's (or space's) name as it was; the team's or the person's (invite), the goods' (order) */
  title: z.string(),
  /** a piece of what was said or changed (an invite's message; the roles an account holds now) */
  excerpt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  list: z.array(notificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationParamsSchema = z.object({ id: z.coerce.string().regex(/^\d{1,18}$/) });

export const notificationEmailModes = ['off', 'immediate', 'daily'] as const;
export type NotificationEmailMode = (typeof notificationEmailModes)[number];

export const notificationSettingsSchema = z.object({
  /** off, each as it comes (`immediate`), or one digest a day at 09:00 (`daily`) */
  email: z.enum(notificationEmailModes),
  /** whether this site sends mail at all (SMTP is configured); while false `email` is kept but unused */
  emailAvailable: z.boolean(),
  /** each kind on (true) or off; every kind is listed */
  types: z.object(
    Object.fromEntries(notificationTypes.map((type) => [type, z.boolean()])) as Record<
      NotificationType,
      z.ZodBoolean
    >,
  ),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** The web app's page of one's notification settings: every mail links to it. */
export const notificationSettingsPath = '/notifications/settings';

/** A change of settings: any of the fields, any of the kinds. */
export const updateNotificationSettingsSchema = z.object({
  email: z.enum(notificationEmailModes).optional(),
  types: z
    .object(
      Object.fromEntries(notificationTypes.map((type) => [type, z.boolean().optional()])) as Record<
        NotificationType,
        z.ZodOptional<z.ZodBoolean>
      >,
    )
    .strict()
    .optional(),
});
export type UpdateNotificationSettings = z.input<typeof updateNotificationSettingsSchema>;

export const watchTargetTypes = ['space', 'topic', 'page'] as const;
export type WatchTargetType = (typeof watchTargetTypes)[number];

export const watchRequestSchema = z.object({
  targetType: z.enum(watchTargetTypes),
  targetId: idSchema,
  watch: z.boolean(),
});
export type WatchRequest = z.input<typeof watchRequestSchema>;

export const watchStateSchema = z.object({ watching: z.boolean() });

/** A mention of someone in a comment's text, exactly `<@{userId}>`. */
export const commentMentionPattern = /<@(\d{1,18})>/g;

/** The user ids a comment's text mentions, each once, in order. */
export function mentionedUserIds(text: string): string[] {
  return [...new Set([...text.matchAll(commentMentionPattern)].map((match) => match[1]!))];
}
