import { z } from 'zod';
import { keywordsSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { idSchema } from './space.js';

// The recycle bin (`/recycle`): `GET /api/v1/recycle`, `POST /api/v1/recycle/{id}/restore`,
// `DELETE /api/v1/recycle/{id}`. Items are kept `recycleRetentionDays` days, then purged. A team
// (with its sub-teams) is an item of no space: `spaceId` and `spaceName` are null, `path` names
// the teams above it.

export const recycleRetentionDays = 30;

export const recycleKinds = ['space', 'topic', 'page', 'link', 'file', 'team'] as const;
export type RecycleKind = (typeof recycleKinds)[number];

export const recycleListQuerySchema = pageQuerySchema(20).extend({ keywords: keywordsSchema });
export type RecycleListQuery = z.input<typeof recycleListQuerySchema>;

export const recycleItemSchema = z.object({
  recycleId: z.string(),
  kind: z.enum(recycleKinds),
  /** the deleted thing's own id (space, topic, page, link, file or team) */
  targetId: z.string(),
  name: z.string(),
  /** null for a team */
  spaceId: z.string().nullable(),
  spaceName: z.string().nullable(),
  /** true when the whole space is in the recycle bin: restore the space first */
  spaceDeleted: z.boolean(),
  /**
   * names of the topics the item sat in, from the space root; empty for spaces; for a team the
   * names of the teams above it, from its root team
   */
  path: z.array(z.string()),
  deletedAt: z.string(),
  deletedBy: z.object({
    userId: z.string(),
    nickname: z.string(),
    avatar: z.string().nullable(),
  }),
  /** when the purge job deletes it forever (deletedAt + 30 days) */
  expiresAt: z.string(),
  abilities: z.object({ canRestore: z.boolean(), canPurge: z.boolean() }),
});
export type RecycleItem = z.infer<typeof recycleItemSchema>;

export const recycleListSchema = pageSchema(recycleItemSchema);
export type RecycleList = z.infer<typeof recycleListSchema>;

export const recycleIdParamsSchema = z.object({ id: idSchema });

/** Where a restored item went; `movedToRoot` when its parent topic was gone. */
export const restoreResultSchema = z.object({
  recycleId: z.string(),
  kind: z.enum(recycleKinds),
  targetId: z.string(),
  /** null for a team */
  spaceId: z.string().nullable(),
  /** the parent topic, or for a team its parent team */
  parentId: z.string().nullable(),
  movedToRoot: z.boolean(),
});
export type RestoreResult = z.infer<typeof restoreResultSchema>;
