import { z } from 'zod';
import { blockSchema } from './page.js';
import { idSchema, nameSchema } from './space.js';
import { nodeAvatarSchema } from './tree.js';

// Templates: a page or a topic subtree saved as a template — system templates kept
// by administrators, space templates kept by a space's admins — and the built-in starters, served
// in the caller's language. 'New from template' makes a page at once, a topic subtree through a
// pending creation (a job) that keeps its template from being deleted (700012).

export const templateScopes = ['system', 'space'] as const;
export type TemplateScope = (typeof templateScopes)[number];

/** What a template makes: one page, or a topic with what was under it. */
export const templateKinds = ['page', 'topic'] as const;
export type TemplateKind = (typeof templateKinds)[number];

export const templateLimits = {
  descriptionMax: 500,
  /** nodes of one template (the topic, its topics, pages and links) */
  nodesMax: 200,
} as const;

/** The built-in starters, by key. */
export const starterTemplateKeys = [
  'meeting-notes',
  'weekly-report',
  'product-requirements',
  'onboarding-guide',
  'project-plan',
  'retrospective',
  'technical-design',
  'sop',
  'reading-notes',
  'okr',
] as const;
export type StarterTemplateKey = (typeof starterTemplateKeys)[number];

/** A template's content: the tree it makes, pages with their draft blocks. */
export type TemplateNode =
  | { type: 'page'; name: string; avatar: string | null; blocks: z.infer<typeof blockSchema>[] }
  | { type: 'link'; name: string; url: string }
  | { type: 'topic'; name: string; children: TemplateNode[] };

export const templateTopicSchema: z.ZodType<Extract<TemplateNode, { type: 'topic' }>> = z.object({
  type: z.literal('topic'),
  name: z.string(),
  get children() {
    return z.array(templateNodeSchema);
  },
});

export const templateNodeSchema: z.ZodType<TemplateNode> = z.union([
  z.object({
    type: z.literal('page'),
    name: z.string(),
    avatar: z.string().nullable(),
    blocks: z.array(blockSchema),
  }),
  z.object({ type: z.literal('link'), name: z.string(), url: z.string() }),
  templateTopicSchema,
]);

/** A template in a list or gallery (no content). */
export const templateSummarySchema = z.object({
  /** a stored template's id, or a starter's key */
  templateId: z.string(),
  scope: z.enum([...templateScopes, 'starter']),
  spaceId: z.string().nullable(),
  kind: z.enum(templateKinds),
  name: z.string(),
  description: z.string(),
  /** an emoji or an image path; null: none */
  cover: z.string().nullable(),
  /** pages the template makes */
  pageCount: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

export const templateListSchema = z.object({ list: z.array(templateSummarySchema) });
export type TemplateList = z.infer<typeof templateListSchema>;

/** A template with its content, for the gallery's preview. */
export const templateDetailSchema = templateSummarySchema.extend({ root: templateNodeSchema });
export type TemplateDetail = z.infer<typeof templateDetailSchema>;

/** `GET /api/v1/template?scope&spaceId`: system templates, or a space's (spaceId needed). */
export const templateListQuerySchema = z
  .object({ scope: z.enum(templateScopes), spaceId: idSchema.optional() })
  .refine((query) => query.scope === 'system' || query.spaceId !== undefined, {
    message: 'spaceId is required for space templates',
    path: ['spaceId'],
  });
export type TemplateListQuery = z.infer<typeof templateListQuerySchema>;

const descriptionSchema = z.string().trim().max(templateLimits.descriptionMax);

/** `POST /api/v1/template`: saves a page or a topic (with its subtree) as a template. */
export const saveTemplateRequestSchema = z.object({
  scope: z.enum(templateScopes),
  /** the page or topic saved; a space template is kept in this node's space */
  nodeId: idSchema,
  name: nameSchema,
  description: descriptionSchema.optional(),
  cover: nodeAvatarSchema.optional(),
});
export type SaveTemplateRequest = z.input<typeof saveTemplateRequestSchema>;

/** `PUT /api/v1/template/{id}`: name, description or cover. */
export const updateTemplateRequestSchema = z
  .object({
    name: nameSchema.optional(),
    description: descriptionSchema.optional(),
    cover: nodeAvatarSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'name, description or cover is required',
  });
export type UpdateTemplateRequest = z.input<typeof updateTemplateRequestSchema>;

export const starterParamsSchema = z.object({ key: z.enum(starterTemplateKeys) });

/** `POST /api/v1/template/{id}/use` (or `/starter/{key}/use`): where the new content goes. */
export const useTemplateRequestSchema = z.object({
  spaceId: idSchema,
  /** a live topic of the space; omitted or null: the space root */
  parentId: idSchema.nullable().optional(),
  /** the new page's or topic's name; omitted: the template's root name */
  name: nameSchema.optional(),
});
export type UseTemplateRequest = z.input<typeof useTemplateRequestSchema>;

/**
 * `POST /api/v1/template/{id}/fill` (or `/starter/{key}/fill`): an empty page (the start screen
 * of a new page) takes a page template's blocks, against the draft revision the editor loaded.
 */
export const fillPageRequestSchema = z.object({
  pageId: idSchema,
  baseRevision: z.number().int().min(0).max(2_147_483_647),
});
export type FillPageRequest = z.input<typeof fillPageRequestSchema>;

export const templateCreationStates = ['pending', 'done', 'failed'] as const;
export type TemplateCreationState = (typeof templateCreationStates)[number];

/**
 * What a 'new from template' made or is making: a page is `done` at once (`creationId` null);
 * a topic subtree is `pending` until its job ran (poll `GET /api/v1/template/creation/{id}`).
 */
export const templateCreationSchema = z.object({
  creationId: z.string().nullable(),
  state: z.enum(templateCreationStates),
  spaceId: z.string(),
  kind: z.enum(templateKinds),
  /** the new page or topic (by `kind`), once made */
  nodeId: z.string().nullable(),
  /** the catalogue code it failed with */
  errorCode: z.number().int().nullable(),
});
export type TemplateCreation = z.infer<typeof templateCreationSchema>;
