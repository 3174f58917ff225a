// AI in the editor: `POST /api/v1/ai/write` turns a selection of blocks into suggested blocks,
// streamed as server-sent events like the chat. The model actions need a configured model, the
// space's AI on and the writer's `aiWrite` switch; the two script conversions (OpenCC) need
// neither and no model.
import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { limits } from '../limits.js';
import { locales } from '../locale.js';
import { blockSchema } from './page.js';
import { idSchema } from './space.js';

/** The actions a model answers, in the order the editor's AI menu lists them. */
export const aiWriteModelActions = [
  'continue',
  'polish',
  'shorter',
  'longer',
  'tone',
  'fix',
  'translate',
  'summarize',
  'outline',
  'table',
  'list',
  'custom',
] as const;
/** The conversions between scripts, done offline (OpenCC): no model, no quota. */
export const aiWriteScriptActions = ['toTraditional', 'toSimplified'] as const;
export const aiWriteActions = [...aiWriteModelActions, ...aiWriteScriptActions] as const;
export type AiWriteAction = (typeof aiWriteActions)[number];
export type AiWriteModelAction = (typeof aiWriteModelActions)[number];

export function isScriptAction(action: AiWriteAction): action is 'toTraditional' | 'toSimplified' {
  return (aiWriteScriptActions as readonly string[]).includes(action);
}

/** `tone` takes one of these as its instruction; `toTraditional` takes `hk` for Hong Kong. */
export const aiWriteTones = ['formal', 'friendly'] as const;

export const aiWriteLimits = {
  /** blocks in one request (a whole page is converted in one) */
  blocksMax: 5000,
  /** the free prompt and follow-ups */
  instructionMax: 2000,
  /** request body: a whole page of `blocksMax` blocks, tables included */
  bodyBytes: 8 * 1024 * 1024,
  /** characters of a model's answer; the rest is cut off */
  answerMax: 60_000,
} as const;

export const aiWriteRequestSchema = z.object({
  pageId: idSchema,
  action: z.enum(aiWriteActions),
  /** the selection (or the block the writer stands in; the whole page for summarize) */
  blocks: z.array(blockSchema).max(aiWriteLimits.blocksMax),
  instruction: z.string().trim().max(aiWriteLimits.instructionMax).optional(),
  /** the writer's language: the prompt's, and the target of translate's other side */
  language: z.enum(locales),
});
export type AiWriteRequest = z.input<typeof aiWriteRequestSchema>;

/**
 * One server-sent event's `data`: an envelope whose data is `{delta}` pieces of the answer (the
 * model's Markdown as it comes), then the final `{blocks}` (msg 'ok'); a non-zero code with data
 * null reports a failure and ends the stream.
 */
export const aiWriteDeltaSchema = z.object({ delta: z.string() });
export const aiWriteFinalSchema = z.object({ blocks: z.array(blockSchema) });
export type AiWriteFinal = z.infer<typeof aiWriteFinalSchema>;
export const aiWriteEventSchema = z.object({
  code: z.number().int(),
  data: z.union([aiWriteFinalSchema, aiWriteDeltaSchema]).nullable(),
  msg: z.string(),
});
export type AiWriteEvent = z.infer<typeof aiWriteEventSchema>;

// --- a page or a topic to the other script: `POST /api/v1/ai/convert` ---------------------------

export const aiConvertLimits = {
  /** pages converted by one request (a topic's whole subtree) */
  pagesMax: 500,
} as const;

/**
 * A page or a whole topic converted between scripts, offline: in place (live editors see the
 * change) or as a copy beside it (a topic copy holds copies of everything under it).
 */
export const aiConvertRequestSchema = z
  .object({
    topicId: idSchema.optional(),
    pageId: idSchema.optional(),
    action: z.enum(aiWriteScriptActions),
    /** `hk`: Hong Kong's Traditional for `toTraditional` (Taiwan's otherwise) */
    instruction: z.literal('hk').optional(),
    mode: z.enum(['inPlace', 'copy']),
  })
  .refine((body) => (body.topicId === undefined) !== (body.pageId === undefined), {
    message: 'exactly one of topicId and pageId',
    path: ['topicId'],
  });
export type AiConvertRequest = z.input<typeof aiConvertRequestSchema>;

export const aiConvertResultSchema = z.object({
  /** the pages converted (in place: those the conversion changed are `changed`) */
  pages: z.number().int(),
  changed: z.number().int(),
  /** the topic or page converted in place, or its copy */
  topicId: idSchema.optional(),
  pageId: idSchema.optional(),
});
export type AiConvertResult = z.infer<typeof aiConvertResultSchema>;

// --- use per person (system administrators) ----------------------------------------------------

/** A calendar month, `YYYY-MM` (UTC), as the monthly quota counts it. */
export const aiWriteMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month as YYYY-MM');

/** The month a use at `at` counts in (UTC). */
export function aiWriteMonthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** `GET /api/system/v1/ai/write/usage?page&pageSize&month`: the current month when unset. */
export const aiWriteUsageQuerySchema = pageQuerySchema(limits.gridPageSize, 50).extend({
  month: aiWriteMonthSchema.optional(),
});
export type AiWriteUsageQuery = z.input<typeof aiWriteUsageQuerySchema>;

export const aiWriteUsageSchema = z.object({
  userId: z.string(),
  nickname: z.string(),
  /** model actions used in the month (the script conversions are not counted) */
  uses: z.number().int(),
  /** the person's monthly limit now (`aiWritesPerMonth`: site, account setting and orders) */
  quota: z.number().int(),
});
export type AiWriteUsage = z.infer<typeof aiWriteUsageSchema>;
/** Whoever used AI writing in the month, most uses first. */
export const aiWriteUsageListSchema = pageSchema(aiWriteUsageSchema).extend({
  month: aiWriteMonthSchema,
});
export type AiWriteUsageList = z.infer<typeof aiWriteUsageListSchema>;
