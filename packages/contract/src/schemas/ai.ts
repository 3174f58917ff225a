import { z } from 'zod';
import { limits } from '../limits.js';
import { idSchema, nameSchema } from './space.js';

// AI chat per space (docs/api.md 'AI chat'): model providers (system administrators), space AI
// detail and settings, conversations of a space's chat, and the streamed answer.

// ---- model providers: /api/system/v1/ai/provider ----

const httpUrlSchema = z
  .string()
  .trim()
  .max(512)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), { message: 'http(s) URL expected' });
const modelNameSchema = z.string().trim().min(1).max(128);

export const aiProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  /** the key is encrypted at rest and never returned; this says whether one is stored */
  hasApiKey: z.boolean(),
  chatModel: z.string(),
  embeddingModel: z.string().nullable(),
  embeddingDimension: z.number().int().nullable(),
  rerankModel: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type AiProvider = z.infer<typeof aiProviderSchema>;
export const aiProviderListSchema = z.object({ list: z.array(aiProviderSchema) });

export const aiProviderInputSchema = z.object({
  name: nameSchema,
  baseUrl: httpUrlSchema,
  /** absent on update = keep the stored key; empty string = remove it */
  apiKey: z.string().max(1024).optional(),
  chatModel: modelNameSchema,
  embeddingModel: modelNameSchema.nullable().optional().default(null),
  embeddingDimension: z.number().int().min(1).max(4096).nullable().optional().default(null),
  rerankModel: modelNameSchema.nullable().optional().default(null),
  isDefault: z.boolean().optional().default(false),
});
export type AiProviderInput = z.input<typeof aiProviderInputSchema>;

/** 'Test connection': the form's values, plus `id` to reuse the stored key when apiKey is absent. */
export const aiProviderTestRequestSchema = aiProviderInputSchema.extend({
  id: idSchema.optional(),
});
export type AiProviderTestRequest = z.input<typeof aiProviderTestRequestSchema>;
export const aiProviderTestResultSchema = z.object({
  ok: z.boolean(),
  latencyMs: z.number(),
  message: z.string(),
});
export type AiProviderTestResult = z.infer<typeof aiProviderTestResultSchema>;

// ---- space AI: /api/v1/ai/{spaceId} ----

export const aiTopKMax = 20;
export const aiPrologueMax = 2000;
export const aiInstructionsMax = 4000;

export const spaceAiSettingsSchema = z.object({
  instructions: z.string(),
  topK: z.number().int(),
  includeDrafts: z.boolean(),
});
export type SpaceAiSettings = z.infer<typeof spaceAiSettingsSchema>;

export const spaceAiDetailSchema = z.object({
  spaceId: z.string(),
  enabled: z.boolean(),
  /** null when AI is not enabled */
  chat: z.object({ id: z.string() }).nullable(),
  prologue: z.string(),
  settings: spaceAiSettingsSchema,
  /** configured false → the offline answerer answers; the UI says so */
  model: z.object({ configured: z.boolean(), name: z.string().nullable() }),
  index: z.object({
    documents: z.number().int(),
    chunks: z.number().int(),
    pending: z.number().int(),
    lastError: z.string().nullable(),
    updatedAt: z.string().nullable(),
  }),
  abilities: z.object({ canManage: z.boolean(), canChat: z.boolean() }),
});
export type SpaceAiDetail = z.infer<typeof spaceAiDetailSchema>;

export const enableSpaceAiRequestSchema = z.object({ enable: z.boolean() });
export type EnableSpaceAiRequest = z.input<typeof enableSpaceAiRequestSchema>;

export const spaceAiSettingsRequestSchema = z.object({
  prologue: z.string().trim().max(aiPrologueMax),
  instructions: z.string().trim().max(aiInstructionsMax),
  topK: z.number().int().min(1).max(aiTopKMax),
  includeDrafts: z.boolean(),
});
export type SpaceAiSettingsRequest = z.input<typeof spaceAiSettingsRequestSchema>;

// ---- conversations: /api/v1/ai/chat/... ----

export const aiChatParamsSchema = z.object({ chatId: idSchema });
export const aiConverseParamsSchema = z.object({ chatId: idSchema, sessionId: idSchema });

export const aiSessionSchema = z.object({
  id: z.string(),
  name: z.string(),
  lastConverseTime: z.string(),
  prologue: z.string(),
  isPinned: z.boolean(),
  pinnedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AiSession = z.infer<typeof aiSessionSchema>;
export const aiSessionListSchema = z.object({ list: z.array(aiSessionSchema) });

const sessionNameSchema = z.string().trim().min(1).max(limits.conversationTitleMax);
export const createAiSessionRequestSchema = z.object({ name: sessionNameSchema });
export type CreateAiSessionRequest = z.input<typeof createAiSessionRequestSchema>;
export const updateAiSessionRequestSchema = z
  .object({ name: sessionNameSchema, isPinned: z.boolean() })
  .partial()
  .refine((value) => value.name !== undefined || value.isPinned !== undefined, {
    message: 'name or isPinned expected',
  });
export type UpdateAiSessionRequest = z.input<typeof updateAiSessionRequestSchema>;

export const referDocSchema = z.object({
  /** 1-based number the answer cites as [1] */
  index: z.number().int(),
  title: z.string(),
  snippet: z.string(),
  sourceType: z.enum(['page', 'file']),
  spaceId: z.string(),
  pageId: z.string().nullable(),
  blockId: z.string().nullable(),
  fileId: z.string().nullable(),
  score: z.number(),
});
export type ReferDoc = z.infer<typeof referDocSchema>;

export const aiConverseItemSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  prompt: z.string(),
  referDocList: z.array(referDocSchema),
  createdAt: z.string(),
});
export type AiConverseItem = z.infer<typeof aiConverseItemSchema>;
export const aiConverseListSchema = z.object({ list: z.array(aiConverseItemSchema) });

export const aiQuestionMax = 4000;
export const aiConverseStreamRequestSchema = z.object({
  sessionId: idSchema,
  question: z.string().trim().min(1).max(aiQuestionMax),
});
export type AiConverseStreamRequest = z.input<typeof aiConverseStreamRequestSchema>;

/**
 * One server-sent event's `data`: an envelope whose data is, in order, `{referDocList}` once,
 * `{delta}` pieces, then the final `{answer, id, prompt, referDocList}` (msg 'ok'); a non-zero
 * code with data null reports a failure mid-stream and ends the stream.
 */
export const aiStreamReferencesSchema = z.object({ referDocList: z.array(referDocSchema) });
export const aiStreamDeltaSchema = z.object({ delta: z.string() });
export const aiStreamFinalSchema = z.object({
  answer: z.string(),
  id: z.string(),
  prompt: z.string(),
  referDocList: z.array(referDocSchema),
});
export type AiStreamFinal = z.infer<typeof aiStreamFinalSchema>;
export const aiStreamEventSchema = z.object({
  code: z.number().int(),
  data: z.union([aiStreamFinalSchema, aiStreamReferencesSchema, aiStreamDeltaSchema]).nullable(),
  msg: z.string(),
});
export type AiStreamEvent = z.infer<typeof aiStreamEventSchema>;
