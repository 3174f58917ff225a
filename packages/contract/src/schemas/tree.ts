import { z } from 'zod';
import { idSchema, nameSchema } from './space.js';

// The content tree of a space: topics, pages and external links, their list view, and the
// calls that create, rename, move and delete them (spec §3, §7).

export const treeNodeTypes = ['topic', 'page', 'link'] as const;
export type TreeNodeType = (typeof treeNodeTypes)[number];

export const linkUrlMax = 2048;
export const pageAvatarMax = 512;

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** An external link's address: trimmed, http(s) only, at most 2048 characters. */
export const linkUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(linkUrlMax)
  .refine(isHttpUrl, { message: 'must be an http or https URL' });

/** A page icon (an emoji or an image path); empty means none. */
export const nodeAvatarSchema = z.string().trim().max(pageAvatarMax).nullable();

/** A user as content lists show them. */
export const treeUserSchema = z.object({ userId: z.string(), nickname: z.string() });
export type TreeUser = z.infer<typeof treeUserSchema>;

// --- the tree --------------------------------------------------------------------------------

export const treePageSchema = z.object({
  type: z.literal('page'),
  pageId: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type TreePage = z.infer<typeof treePageSchema>;

export const treeLinkSchema = z.object({
  type: z.literal('link'),
  linkId: z.string(),
  name: z.string(),
  url: z.string(),
});
export type TreeLink = z.infer<typeof treeLinkSchema>;

export interface TreeTopic {
  type: 'topic';
  topicId: string;
  name: string;
  /** present (true) only on a topic closed to visitors; visitors never see such a topic */
  visitorsClosed?: boolean;
  children: TreeNode[];
}
export type TreeNode = TreeTopic | TreePage | TreeLink;

export const treeTopicSchema: z.ZodType<TreeTopic> = z.object({
  type: z.literal('topic'),
  topicId: z.string(),
  name: z.string(),
  visitorsClosed: z.boolean().optional(),
  get children() {
    return z.array(treeNodeSchema);
  },
});

export const treeNodeSchema: z.ZodType<TreeNode> = z.union([
  treeTopicSchema,
  treePageSchema,
  treeLinkSchema,
]);

/** `GET /v2/space/{id}/tree`: the root nodes, each topic with its children, in order. */
export const spaceTreeSchema = z.array(treeNodeSchema);

// --- topic details and the list view ---------------------------------------------------------

export const topicDetailSchema = z.object({
  topicId: z.string(),
  spaceId: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: treeUserSchema,
  /** live nodes directly inside the topic */
  childCount: z.number().int(),
  /** closed to visitors: the topic and its subtree are hidden from visitors */
  visitorsClosed: z.boolean(),
  abilities: z.object({ canEdit: z.boolean(), canDelete: z.boolean() }),
});
export type TopicDetail = z.infer<typeof topicDetailSchema>;

/** `PUT /v2/space/topic/{id}/visitors`: open or close a topic to visitors (space admins). */
export const topicVisitorsRequestSchema = z.object({ visitorsClosed: z.boolean() });
export type TopicVisitorsRequest = z.infer<typeof topicVisitorsRequestSchema>;

export const listViewOrderBy = ['name', 'createdAt', 'updatedAt'] as const;
export const listViewParamsSchema = z.object({ spaceId: idSchema });

export const listViewQuerySchema = z.object({
  orderBy: z.enum(listViewOrderBy).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** the topic whose children are listed; the space root when absent */
  topicId: idSchema.optional(),
});
export type ListViewQuery = z.input<typeof listViewQuerySchema>;

export const listViewItemSchema = z.object({
  type: z.enum(treeNodeTypes),
  id: z.string(),
  name: z.string(),
  /** links only */
  url: z.string().optional(),
  /** pages only */
  avatar: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: treeUserSchema,
  updatedBy: treeUserSchema.nullable(),
});
export type ListViewItem = z.infer<typeof listViewItemSchema>;

export const listViewSchema = z.object({
  list: z.array(listViewItemSchema),
  total: z.number().int(),
});
export type ListView = z.infer<typeof listViewSchema>;

// --- changes ---------------------------------------------------------------------------------

/** The topic a new node goes into; the space root when absent or null. */
const parentIdSchema = idSchema.nullable().optional();

export const createTopicRequestSchema = z.object({ name: nameSchema, parentId: parentIdSchema });
export type CreateTopicRequest = z.input<typeof createTopicRequestSchema>;

export const createPageRequestSchema = z.object({
  name: nameSchema,
  parentId: parentIdSchema,
  avatar: nodeAvatarSchema.optional(),
});
export type CreatePageRequest = z.input<typeof createPageRequestSchema>;

export const createLinkRequestSchema = z.object({
  name: nameSchema,
  url: linkUrlSchema,
  parentId: parentIdSchema,
});
export type CreateLinkRequest = z.input<typeof createLinkRequestSchema>;

export const renameTopicRequestSchema = z.object({ name: nameSchema });
export type RenameTopicRequest = z.input<typeof renameTopicRequestSchema>;

export const renamePageRequestSchema = z
  .object({ name: nameSchema, avatar: nodeAvatarSchema })
  .partial()
  .refine((body) => body.name !== undefined || body.avatar !== undefined, {
    message: 'name or avatar is required',
  });
export type RenamePageRequest = z.input<typeof renamePageRequestSchema>;

export const updateLinkRequestSchema = z
  .object({ name: nameSchema, url: linkUrlSchema })
  .partial()
  .refine((body) => body.name !== undefined || body.url !== undefined, {
    message: 'name or url is required',
  });
export type UpdateLinkRequest = z.input<typeof updateLinkRequestSchema>;

export const treePlacements = ['before', 'after', 'inside'] as const;
export type TreePlacement = (typeof treePlacements)[number];

/**
 * `PUT /v2/space/node/{id}/move`: before or after a sibling of any type, or at the end inside a
 * topic; `targetId: null` with `inside` is the end of the space root.
 */
export const moveNodeRequestSchema = z
  .object({ targetId: idSchema.nullable(), placement: z.enum(treePlacements) })
  .refine((body) => body.targetId !== null || body.placement === 'inside', {
    message: 'targetId null only goes with placement inside (the space root)',
    path: ['placement'],
  });
export type MoveNodeRequest = z.input<typeof moveNodeRequestSchema>;

export const movedNodeSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  position: z.string(),
});
export type MovedNode = z.infer<typeof movedNodeSchema>;

/** A delete answers the recycle bin item and every node id that disappeared with it. */
export const deletedNodesSchema = z.object({
  recycleItemId: z.string(),
  deletedIds: z.array(z.string()),
});
export type DeletedNodes = z.infer<typeof deletedNodesSchema>;
