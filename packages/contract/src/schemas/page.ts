import { z } from 'zod';
import { limits } from '../limits.js';
import { pageSchema } from '../envelope.js';
import { stripUnsafeText } from '../text.js';
import { idSchema } from './space.js';

// Pages and their blocks (`GET /v2/space/page/{id}`, `GET /v2/space/page/{id}/block?version=0`),
// saving changed blocks, published versions, and comments
// (`GET /v2/space/page/{id}/comment?page=0&pageSize=10000`).

/** The live editing WebSocket (the Hocuspocus protocol), on the API's port. */
export const collabPath = '/api/v1/collab';

/** What a live page document is called on the collab socket: `page:{pageId}`. */
export const pageDocumentPrefix = 'page:';

export function pageDocumentName(pageId: string): string {
  return pageDocumentPrefix + pageId;
}

/** The live page document's content: BlockNote's fragment in the page's Yjs document. */
export const pageDocumentFragment = 'document-store';

export const pageLimits = {
  /** BlockNote block ids are short; anything longer is not one of ours */
  blockIdMax: 64,
  /** changes in one save */
  saveChangesMax: 2000,
  /** request body of one save */
  saveBodyBytes: 2 * 1024 * 1024,
  commentMax: 5000,
  versionNameMax: limits.nameMax,
} as const;

/** Someone who created or changed something, as lists show them. */
export const pageUserSchema = z.object({
  userId: z.string(),
  nickname: z.string(),
  /** root-relative path; the web adds the /api prefix (spec §7 image path rule) */
  avatar: z.string().nullable(),
});
export type PageUser = z.infer<typeof pageUserSchema>;

export const blockIdSchema = z.string().min(1).max(pageLimits.blockIdMax);

/**
 * One BlockNote block exactly as the editor produces it (`props`, `content`, nested `children`);
 * the server only relies on `id` and `type` and keeps every other field as sent.
 */
export const blockSchema = z.looseObject({ id: z.string(), type: z.string() });
export type Block = z.infer<typeof blockSchema>;

/** A paragraph with no text and nothing under it (where a writer stands to write anew). */
export function isEmptyBlock(block: Block): boolean {
  const { content, children } = block as { content?: unknown; children?: unknown };
  const noContent =
    content === undefined || content === '' || (Array.isArray(content) && content.length === 0);
  const noChildren = children === undefined || (Array.isArray(children) && children.length === 0);
  return block.type === 'paragraph' && noContent && noChildren;
}

/**
 * A draft nobody has written in yet: no blocks, or only empty paragraphs (the editor keeps one).
 * Such a page may take a page template's blocks (`POST /api/v1/template/{id}/fill`).
 */
export function isEmptyDraft(blocks: readonly Block[]): boolean {
  return blocks.every(isEmptyBlock);
}

/** The tones of our callout block (提示框), the one block type BlockNote does not have. */
/** A mention of someone in a page: BlockNote inline content `{type: 'mention', props: {userId}}`. */
export const pageMentionType = 'mention';

/**
 * The people a page's blocks mention, each with the first top-level block mentioning them (in
 * text, list items, tables, callouts or nested blocks alike).
 */
export function pageMentions(blocks: readonly Block[]): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (value: unknown, blockId: string) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, blockId);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    if (record['type'] === pageMentionType) {
      const userId = (record['props'] as Record<string, unknown> | undefined)?.['userId'];
      if (typeof userId === 'string' && /^\d{1,18}$/.test(userId) && !found.has(userId)) {
        found.set(userId, blockId);
      }
      return;
    }
    for (const key of ['content', 'children', 'rows', 'cells']) visit(record[key], blockId);
  };
  for (const block of blocks) visit(block, block.id);
  return found;
}

export const calloutTones = ['info', 'warning', 'success', 'danger'] as const;
export type CalloutTone = (typeof calloutTones)[number];

/** A block as a save sends it: NUL and lone surrogates a paste brought in are stripped. */
export const editorBlockSchema = blockSchema.overwrite(stripUnsafeText);

// --- page details and blocks --------------------------------------------------------------------

export const pageAbilitiesSchema = z.object({
  /** see and edit the draft */
  canEdit: z.boolean(),
  /** publish, restore and unpublish versions */
  canPublish: z.boolean(),
  canComment: z.boolean(),
  /** delete anyone's comments */
  canManageComments: z.boolean(),
  /** share the page by link: admins, and editors when the space lets its editors share */
  canShare: z.boolean(),
});
export type PageAbilities = z.infer<typeof pageAbilitiesSchema>;

export const pageDetailSchema = z.object({
  pageId: z.string(),
  spaceId: z.string(),
  parentId: z.string().nullable(),
  /** the page's name (spec §3: page details use title as name) */
  title: z.string(),
  avatar: z.string().nullable(),
  /** the draft's revision; a save names the revision it was based on */
  revision: z.number().int(),
  /** the version readers see; null when the page is not published */
  publishedVersion: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: pageUserSchema,
  updatedBy: pageUserSchema.nullable(),
  abilities: pageAbilitiesSchema,
});
export type PageDetail = z.infer<typeof pageDetailSchema>;

/**
 * `version=0` (default): the draft for editors, the published version for readers;
 * `version=N`: that published version (readers: only the one currently published).
 */
export const pageBlocksQuerySchema = z.object({
  version: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
});
export type PageBlocksQuery = z.input<typeof pageBlocksQuerySchema>;

export const pageBlocksSchema = z.object({
  /** 0 for the draft, else the version number shown */
  version: z.number().int(),
  /** the draft's revision; null when a version is shown */
  revision: z.number().int().nullable(),
  blocks: z.array(blockSchema),
});
export type PageBlocks = z.infer<typeof pageBlocksSchema>;

/** Inserts or replaces a top-level block; `afterBlockId` null puts it first. */
export const upsertBlockChangeSchema = z
  .object({
    op: z.literal('upsert'),
    blockId: blockIdSchema,
    data: editorBlockSchema,
    /** omitted: an existing block stays where it is, a new block goes to the end */
    afterBlockId: blockIdSchema.nullable().optional(),
  })
  .refine((change) => change.data.id === change.blockId, {
    message: 'data.id must equal blockId',
    path: ['data', 'id'],
  });

export const deleteBlockChangeSchema = z.object({
  op: z.literal('delete'),
  blockId: blockIdSchema,
});

/** Moves a top-level block after `afterBlockId` (null: to the top). */
export const moveBlockChangeSchema = z.object({
  op: z.literal('move'),
  blockId: blockIdSchema,
  afterBlockId: blockIdSchema.nullable(),
});

export const blockChangeSchema = z.discriminatedUnion('op', [
  upsertBlockChangeSchema,
  deleteBlockChangeSchema,
  moveBlockChangeSchema,
]);
export type BlockChange = z.infer<typeof blockChangeSchema>;

/** `PUT /v2/space/page/{id}/block`: only the changed top-level blocks, applied in order. */
export const savePageBlocksRequestSchema = z.object({
  /** the revision the editor loaded; a different current revision is refused with 409 */
  baseRevision: z.number().int().min(0).max(2_147_483_647),
  changes: z.array(blockChangeSchema).min(1).max(pageLimits.saveChangesMax),
});
export type SavePageBlocksRequest = z.input<typeof savePageBlocksRequestSchema>;

export const pageRevisionSchema = z.object({ revision: z.number().int() });
export type PageRevision = z.infer<typeof pageRevisionSchema>;

// --- versions -----------------------------------------------------------------------------------

export const pageVersionParamsSchema = z.object({
  id: idSchema,
  version: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** Publishing names the version; a blank name is refused with 900011, a taken one with 900010. */
export const publishPageRequestSchema = z.object({
  name: z.string().trim().max(pageLimits.versionNameMax),
});
export type PublishPageRequest = z.input<typeof publishPageRequestSchema>;

export const pageVersionSchema = z.object({
  version: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  createdBy: pageUserSchema,
  /** the version readers currently see */
  published: z.boolean(),
});
export type PageVersion = z.infer<typeof pageVersionSchema>;

/** Newest first; readers get only the published version. */
export const pageVersionListSchema = z.object({ list: z.array(pageVersionSchema) });
export type PageVersionList = z.infer<typeof pageVersionListSchema>;

export const blockDiffKinds = ['added', 'removed', 'changed', 'unchanged'] as const;
export type BlockDiffKind = (typeof blockDiffKinds)[number];

export const blockDiffSchema = z.object({
  blockId: z.string(),
  change: z.enum(blockDiffKinds),
  /** the block in the version (removed, changed, unchanged) */
  before: blockSchema.optional(),
  /** the block in the draft (added, changed, unchanged) */
  after: blockSchema.optional(),
});
export type BlockDiff = z.infer<typeof blockDiffSchema>;

/** A version against the draft: draft order, removed blocks where they stood in the version. */
export const pageVersionDiffSchema = z.object({ list: z.array(blockDiffSchema) });
export type PageVersionDiff = z.infer<typeof pageVersionDiffSchema>;

// --- comments -----------------------------------------------------------------------------------

export const commentAbilitiesSchema = z.object({
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});

export interface PageComment {
  commentId: string;
  parentId: string | null;
  blockId: string | null;
  /** empty for a deleted comment kept because it has live replies */
  content: string;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
  creator: PageUser;
  /**
   * the people of the space its text mentions as `<@{userId}>`, to show by name (an id that is
   * nobody of the space stays unnamed)
   */
  mentions: PageUser[];
  abilities: z.infer<typeof commentAbilitiesSchema>;
  /** replies, oldest first, to any depth */
  children: PageComment[];
}

export const commentSchema: z.ZodType<PageComment> = z.object({
  commentId: z.string(),
  parentId: z.string().nullable(),
  blockId: z.string().nullable(),
  content: z.string(),
  deleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  creator: pageUserSchema,
  mentions: z.array(pageUserSchema),
  abilities: commentAbilitiesSchema,
  get children() {
    return z.array(commentSchema);
  },
});

export const commentListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(limits.commentsPageSize)
    .default(limits.commentsPageSize),
});
export type CommentListQuery = z.input<typeof commentListQuerySchema>;

/** Top-level comments, oldest first, paged; `total` counts top-level comments. */
export const commentListSchema = pageSchema(commentSchema);
export type CommentList = z.infer<typeof commentListSchema>;

export const commentContentSchema = z.string().trim().min(1).max(pageLimits.commentMax);

export const createCommentRequestSchema = z.object({
  content: commentContentSchema,
  /** replying to a live comment of the same page */
  parentId: idSchema.nullable().optional(),
  /** anchors the comment to a block */
  blockId: blockIdSchema.nullable().optional(),
});
export type CreateCommentRequest = z.input<typeof createCommentRequestSchema>;

/** `PUT /v2/space/comment/{id}` (author only). Writes answer the comment with `children: []`. */
export const updateCommentRequestSchema = z.object({ content: commentContentSchema });
export type UpdateCommentRequest = z.input<typeof updateCommentRequestSchema>;
