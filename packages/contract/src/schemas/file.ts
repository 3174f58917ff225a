import { z } from 'zod';
import { keywordsSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { idSchema, nameSchema } from './space.js';

// Files of a space: upload into a space or a page, the space's file library, rename,
// delete (to the recycle bin), download, and short-lived signed preview URLs.
// `POST /api/v3/space/{spaceId}/file[?pageId=]` (multipart, one part named `file`),
// `GET /api/v3/space/{spaceId}/file`, `GET|PUT|DELETE /api/v3/space/file/{id}`,
// `GET /api/v3/space/file/{id}/download`, `GET /api/v3/space/file/{id}/previewUrl`,
// `GET /api/v1/mcp/file/{id}/previewUrl`.

export const fileKinds = [
  'image',
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'markdown',
  'text',
  'code',
  'audio',
  'video',
  'other',
] as const;
export type FileKind = (typeof fileKinds)[number];

/** Text extraction for search and AI; 'none' = the type has no text. */
export const fileTextStatuses = ['none', 'pending', 'done', 'failed'] as const;
export type FileTextStatus = (typeof fileTextStatuses)[number];

/** The multipart part carrying the bytes. */
export const fileUploadField = 'file';

/** How long a preview URL stays valid. */
export const filePreviewTtlSeconds = 300;

/** Root-relative preview URLs begin with this (spec §7 image path rule keeps them as they are). */
export const filePreviewPathPrefix = '/preview/';

/** What a page block's `props.url` holds for an uploaded file (resolved to a preview URL). */
export function fileBlockUrl(fileId: string): string {
  return `/v3/space/file/${fileId}`;
}

const fileBlockUrlPattern =
  /^\/v3\/space\/file\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The file id of a block URL made by `fileBlockUrl`, else null. */
export function fileIdOfBlockUrl(url: string): string | null {
  return fileBlockUrlPattern.exec(url)?.[1] ?? null;
}

export const fileUploaderSchema = z.object({
  userId: z.string(),
  nickname: z.string(),
  /** root-relative path; the web adds the /api prefix (spec §7 image path rule) */
  avatar: z.string().nullable(),
});

export const fileAbilitiesSchema = z.object({
  canRename: z.boolean(),
  canDelete: z.boolean(),
  canDownload: z.boolean(),
});
export type FileAbilities = z.infer<typeof fileAbilitiesSchema>;

export const spaceFileSchema = z.object({
  fileId: z.string(),
  spaceId: z.string(),
  name: z.string(),
  size: z.number().int(),
  /** sniffed from the bytes, not taken from the browser */
  mimeType: z.string(),
  kind: z.enum(fileKinds),
  uploader: fileUploaderSchema,
  createdAt: z.string(),
  /** the page it was uploaded into, if any */
  pageId: z.string().nullable(),
  /** pages whose blocks use it (plus the page it was uploaded into) */
  pages: z.array(z.object({ pageId: z.string(), name: z.string() })),
  textStatus: z.enum(fileTextStatuses),
  abilities: fileAbilitiesSchema,
});
export type SpaceFile = z.infer<typeof spaceFileSchema>;

export const spaceFileSpaceParamsSchema = z.object({ spaceId: idSchema });

/** `?pageId=` of an upload: the page (of the same space) the file goes into. */
export const uploadFileQuerySchema = z.object({ pageId: idSchema.optional() });
export type UploadFileQuery = z.input<typeof uploadFileQuerySchema>;

export const fileListQuerySchema = pageQuerySchema(10).extend({ keywords: keywordsSchema });
export type FileListQuery = z.input<typeof fileListQuerySchema>;

/** Newest first. */
export const fileListSchema = pageSchema(spaceFileSchema);
export type FileList = z.infer<typeof fileListSchema>;

export const renameFileRequestSchema = z.object({ name: nameSchema });
export type RenameFileRequest = z.input<typeof renameFileRequestSchema>;

/** `DELETE /v3/space/file/{id}`: the recycle item holding the file, to undo through its restore. */
export const deleteFileResponseSchema = z.object({ recycleId: z.string() });
export type DeleteFileResponse = z.infer<typeof deleteFileResponseSchema>;

/** `url` is root-relative: `/preview/{fileId}?u={userId}&e={unixSeconds}&s={hmac}`. */
export const filePreviewUrlSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type FilePreviewUrl = z.infer<typeof filePreviewUrlSchema>;

/** The MCP twin of the preview URL. */
export const mcpFilePreviewUrlSchema = z.object({
  filePreviewUrl: z.string(),
  expiresAt: z.string(),
});
export type McpFilePreviewUrl = z.infer<typeof mcpFilePreviewUrlSchema>;
