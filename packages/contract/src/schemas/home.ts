import { z } from 'zod';
import { historyItemSchema } from './history.js';
import { notificationSchema } from './notification.js';
import { pageUserSchema } from './page.js';

// `GET /api/v1/home`: what a returning person looks for first, in one request — unread mentions
// and replies, the pages with a version published since their last visit, and what they viewed
// recently.

export const changedPageSchema = z.object({
  pageId: z.string(),
  spaceId: z.string(),
  spaceName: z.string(),
  title: z.string(),
  avatar: z.string().nullable(),
  /** the version published since the visit, and who published it when */
  version: z.number().int(),
  versionName: z.string(),
  publishedAt: z.string(),
  publishedBy: pageUserSchema,
  visitedAt: z.string(),
});
export type ChangedPage = z.infer<typeof changedPageSchema>;

export const homeSchema = z.object({
  mentions: z.array(notificationSchema),
  changed: z.array(changedPageSchema),
  recent: z.array(historyItemSchema),
});
export type Home = z.infer<typeof homeSchema>;
