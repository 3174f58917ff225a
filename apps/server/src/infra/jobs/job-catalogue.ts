// Every kind of background job, with the shape of its payload, in one place. Modules enqueue and
// handle jobs through these definitions only (`enqueueJob(tx, Job.indexPage, { pageId })`), so a
// renamed kind or a changed payload is a compile error at every producer and consumer, and a
// payload stored by an older build that no longer fits fails its job with a clear message.
import { z } from 'zod';

export interface JobDefinition<Payload extends object = object> {
  kind: string;
  payload: z.ZodType<Payload>;
}

export type PayloadOf<Definition> =
  Definition extends JobDefinition<infer Payload> ? Payload : never;

export function defineJob<Payload extends object>(
  kind: string,
  payload: z.ZodType<Payload>,
): JobDefinition<Payload> {
  return { kind, payload };
}

const none = z.object({});

export const Job = {
  /** re-chunks and re-indexes one page for the AI (after a save, publish, move or delete) */
  indexPage: defineJob('ai.index-page', z.object({ pageId: z.string() })),
  /** re-indexes one file's extracted text for the AI */
  indexFile: defineJob('ai.index-file', z.object({ fileId: z.string() })),
  /** queues the index jobs of every page and file of a space (AI switched on, restore, purge) */
  reindexSpace: defineJob('ai.reindex-space', z.object({ spaceId: z.string() })),
  /** vacuums the AI and search indexes' tables on PGlite, which has no autovacuum */
  vacuumAiIndex: defineJob('ai.vacuum', none),
  /** extracts the text of an uploaded file for the AI and search */
  extractFileText: defineJob('file.extract-text', z.object({ fileId: z.string() })),
  /** removes stored bytes no file uses any more */
  removeFileBytes: defineJob('file.remove-bytes', z.object({ keys: z.array(z.string()) })),
  /** removes temp uploads left behind by a crash, then schedules itself again */
  sweepTempUploads: defineJob('file.sweep-temp', none),
  /** removes a purged space's uploaded icon from the avatar store */
  removeSpaceIcon: defineJob('space.remove-icon', z.object({ key: z.string() })),
  /** an unpaid order's time is up: asks the provider once more, else the order expires */
  expireOrder: defineJob('order.expire', z.object({ orderId: z.string() })),
  /** a refund the provider is still processing: asks again until it is done */
  checkRefund: defineJob('order.check-refund', z.object({ orderId: z.string() })),
  /** puts into the search index what is not in it yet (after the upgrade that added search) */
  indexSearchAll: defineJob('search.index-all', none),
  /** makes a topic subtree from a template (a pending creation, template.service.ts) */
  createFromTemplate: defineJob('template.create', z.object({ creationId: z.string() })),
  /**
   * tells whom a new comment concerns: the mentioned, the one answered, the page's watchers; for
   * an edited comment (`mentioned`), only the people it newly mentions
   */
  notifyComment: defineJob(
    'notification.comment',
    z.object({ commentId: z.string(), mentioned: z.array(z.string()).optional() }),
  ),
  /** tells the watchers of a page, its topics and its space of a version published */
  notifyPublish: defineJob(
    'notification.publish',
    z.object({ pageId: z.string(), version: z.number().int() }),
  ),
  /** tells the people newly mentioned in a page's draft (who may edit it) */
  notifyPageMentions: defineJob(
    'notification.page-mentions',
    z.object({
      pageId: z.string(),
      actorId: z.number().int(),
      mentions: z.array(z.object({ userId: z.string(), blockId: z.string() })),
    }),
  ),
  /** mails one person the notifications just made for them (their e-mail: immediate) */
  mailNotifications: defineJob(
    'notification.mail',
    z.object({ userId: z.number().int(), notificationIds: z.array(z.number().int()) }),
  ),
  /** 09:00 in MAIL_TIME_ZONE: queues each daily digest, then schedules itself again */
  mailDigest: defineJob('notification.digest', none),
  /** mails one person the digest of their unread notifications up to `until` (ISO 8601) */
  mailDigestTo: defineJob(
    'notification.digest-mail',
    z.object({ userId: z.number().int(), until: z.iso.datetime({ offset: true }) }),
  ),
  /** runs one import or export (a transfer, transfer.service.ts) */
  runTransfer: defineJob('transfer.run', z.object({ transferId: z.string() })),
  /** removes a finished transfer and its stored upload and export a day later */
  expireTransfer: defineJob('transfer.expire', z.object({ transferId: z.string() })),
} as const;
