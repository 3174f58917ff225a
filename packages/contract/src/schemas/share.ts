import { z } from 'zod';
import { aiQuestionMax } from './ai.js';
import { idSchema } from './space.js';

// Shares: links `/s/{token}` to a space, a topic or a page, read without an
// account. Managed by members: `POST /api/v1/share`, `GET /api/v1/share/space/{spaceId}`,
// `PUT /api/v1/share/space/{spaceId}/settings`, `PUT|DELETE /api/v1/share/{id}`. Read by anyone
// holding the link: `GET /api/v1/share/s/{token}` (meta), `POST /api/v1/share/s/{token}/unlock`,
// `GET /api/v1/share/s/{token}/tree`, `…/page/{pageId}`, `…/page/{pageId}/blocks`,
// `…/page/{pageId}/comment`, `…/file/{fileId}` (inline) and `…/file/{fileId}/download`.

export const shareTargetTypes = ['space', 'topic', 'page'] as const;
export type ShareTargetType = (typeof shareTargetTypes)[number];

/** How long a link lives: never, 1/7/30 days from now, or until a chosen date (`expiresAt`). */
export const shareExpiries = ['never', '1d', '7d', '30d', 'date'] as const;
export type ShareExpiry = (typeof shareExpiries)[number];

export const shareLimits = { passwordMin: 4, passwordMax: 16 } as const;

/** The web path of a share's link. */
export const sharePathPrefix = '/s/';

/** The header (API calls) and query parameter (file URLs) carrying an unlock's grant. */
export const shareGrantHeader = 'x-share-grant';
export const shareGrantQuery = 'grant';

export const sharePasswordSchema = z
  .string()
  .min(shareLimits.passwordMin)
  .max(shareLimits.passwordMax)
  .regex(/^[\x21-\x7e]+$/, 'visible ASCII characters only');

const shareExpirySchema = z.object({
  expiry: z.enum(shareExpiries),
  /** with expiry 'date': when the link stops working (in the future) */
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
});

const shareFlagsSchema = z.object({
  showComments: z.boolean(),
  allowDownload: z.boolean(),
  allowAi: z.boolean(),
});

export const createShareRequestSchema = z
  .object({
    targetType: z.enum(shareTargetTypes),
    /** the space's id, or the topic's or page's */
    targetId: idSchema,
    /** null or absent: no password */
    password: sharePasswordSchema.nullish(),
  })
  .extend(shareExpirySchema.shape)
  .extend(shareFlagsSchema.shape);
export type CreateShareRequest = z.infer<typeof createShareRequestSchema>;

/** Each field present is changed; `password` null removes the password. */
export const updateShareRequestSchema = z
  .object({ password: sharePasswordSchema.nullable() })
  .extend(shareExpirySchema.shape)
  .extend(shareFlagsSchema.shape)
  .partial();
export type UpdateShareRequest = z.infer<typeof updateShareRequestSchema>;

export const shareSchema = z.object({
  shareId: z.string(),
  token: z.string(),
  /** the link's path, `/s/{token}` */
  path: z.string(),
  spaceId: z.string(),
  targetType: z.enum(shareTargetTypes),
  targetId: z.string(),
  /** the shared space's, topic's or page's name now */
  title: z.string(),
  protected: z.boolean(),
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
  showComments: z.boolean(),
  allowDownload: z.boolean(),
  allowAi: z.boolean(),
  visitCount: z.number().int(),
  createdBy: z.object({ userId: z.string(), nickname: z.string() }),
  createdAt: z.string(),
  /** the caller may change and revoke it */
  canManage: z.boolean(),
});
export type Share = z.infer<typeof shareSchema>;

export const shareSpaceParamsSchema = z.object({ spaceId: idSchema });

export const spaceShareListSchema = z.object({
  list: z.array(shareSchema),
  /** whether the space's editors may share (admins and the owner always may) */
  editorsMayShare: z.boolean(),
  /** the caller may create shares in this space */
  canShare: z.boolean(),
  /** the caller may change the space's share settings */
  canManageSettings: z.boolean(),
});
export type SpaceShareList = z.infer<typeof spaceShareListSchema>;

export const shareSettingsRequestSchema = z.object({ editorsMayShare: z.boolean() });
export type ShareSettingsRequest = z.infer<typeof shareSettingsRequestSchema>;

// --- read through the link -------------------------------------------------------------------

/** 256 random bits, base64url. Anything else names no share. */
export const shareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
export const shareTokenParamsSchema = z.object({ token: shareTokenSchema });
export const sharePageParamsSchema = z.object({ token: shareTokenSchema, pageId: idSchema });
export const shareFileParamsSchema = z.object({ token: shareTokenSchema, fileId: idSchema });
export const shareFileQuerySchema = z.object({ [shareGrantQuery]: z.string().max(200) }).partial();

export const shareMetaSchema = z.object({
  targetType: z.enum(shareTargetTypes),
  title: z.string(),
  /** a password is asked before anything else */
  protected: z.boolean(),
  /** the grant sent along is valid (or none is needed) */
  unlocked: z.boolean(),
  expiresAt: z.string().nullable(),
  showComments: z.boolean(),
  allowDownload: z.boolean(),
  /** AI questions are offered: the share allows them and the space's AI is on */
  allowAi: z.boolean(),
  /** the shared page's id (page shares), so the viewer opens it directly */
  pageId: z.string().nullable(),
});
export type ShareMeta = z.infer<typeof shareMetaSchema>;

export const shareUnlockRequestSchema = z.object({
  /** empty: 710001 */
  password: z.string().max(64).default(''),
});

/** A question to the share's AI (answered from the shared pages only, kept nowhere). */
export const shareAskRequestSchema = z.object({
  question: z.string().trim().min(1).max(aiQuestionMax),
});
export type ShareAskRequest = z.input<typeof shareAskRequestSchema>;

export const shareGrantSchema = z.object({
  /** sent back as the `x-share-grant` header, or `?grant=` on file URLs */
  grant: z.string(),
  expiresAt: z.string(),
});
export type ShareGrant = z.infer<typeof shareGrantSchema>;
