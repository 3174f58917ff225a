import { z } from 'zod';
import { pageSchema } from '../envelope.js';
import { pageQuerySchema } from '../envelope.js';
import { idSchema } from './space.js';

// The history of visits (`/course`): `GET|POST|DELETE /api/v1/history`,
// `DELETE /api/v1/history/{targetType}/{targetId}`. One entry per visited space or page.

export const historyTargetTypes = ['space', 'page'] as const;
export type HistoryTargetType = (typeof historyTargetTypes)[number];

export const recordVisitRequestSchema = z.object({
  targetType: z.enum(historyTargetTypes),
  targetId: idSchema,
});
export type RecordVisitRequest = z.input<typeof recordVisitRequestSchema>;

export const historyListQuerySchema = pageQuerySchema(50);
export type HistoryListQuery = z.input<typeof historyListQuerySchema>;

export const historyItemSchema = z.object({
  targetType: z.enum(historyTargetTypes),
  targetId: z.string(),
  spaceId: z.string(),
  /** the page's or the space's name */
  name: z.string(),
  spaceName: z.string(),
  /** the page's icon or the space's icon */
  avatar: z.string().nullable(),
  visitedAt: z.string(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyListSchema = pageSchema(historyItemSchema);
export type HistoryList = z.infer<typeof historyListSchema>;

export const historyTargetParamsSchema = z.object({
  targetType: z.enum(historyTargetTypes),
  targetId: idSchema,
});
