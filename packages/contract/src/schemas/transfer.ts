// Import and export of pages: what the calls take and answer, and the limits an
// uploaded archive must keep before anything is extracted.
import { z } from 'zod';
import { idSchema } from './space.js';

/** The formats an export is written in. */
export const exportFormats = ['markdown', 'docx', 'pdf'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const transferSpaceParamsSchema = z.object({ spaceId: idSchema });

/** What to export: a page or a topic (`nodeId` absent: the whole space), in which format. */
export const exportRequestSchema = z.object({
  nodeId: idSchema.optional(),
  format: z.enum(exportFormats).default('markdown'),
});
export type ExportRequest = z.input<typeof exportRequestSchema>;

/** `?parentId=`: the topic the import goes into (absent: the space's root). */
export const importQuerySchema = z.object({ parentId: idSchema.optional() });
export type ImportQuery = z.input<typeof importQuerySchema>;

/** The multipart part carrying the imported file (.md, .zip, .docx, .html). */
export const importUploadField = 'file';

/** What an archive must keep; past them the import is refused before any extraction. */
export const importLimits = {
  /** the uploaded file itself */
  uploadBytes: 200 * 1024 * 1024,
  /** entries of a .zip */
  entries: 5000,
  /** the uncompressed size of all entries, declared and actually read */
  uncompressedBytes: 1024 * 1024 * 1024,
  /** one Markdown, HTML or Word document, uncompressed */
  documentBytes: 20 * 1024 * 1024,
  /** uncompressed / compressed of an entry larger than 1 MiB */
  ratio: 100,
} as const;

/**
 * What an import could not carry over, the web words each in the reader's language:
 * `imageNotFound` (detail: the image's reference), `embeddedImage` (an inline `data:` image left
 * out), `typeRefused` (a file of a type the library does not keep, or empty), `notConverted`
 * (detail: what Markdown or HTML construct became plain text, e.g. 'HTML block'), `wordWarning`
 * (detail: the Word converter's message, in English).
 */
export const importProblemCodes = [
  'imageNotFound',
  'embeddedImage',
  'typeRefused',
  'notConverted',
  'wordWarning',
] as const;
export type ImportProblemCode = (typeof importProblemCodes)[number];

export const importProblemSchema = z.object({
  /** the path in the upload ('' for the upload itself) */
  path: z.string(),
  code: z.enum(importProblemCodes),
  /** the image reference, construct or converter message the code names ('' when none) */
  detail: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importReportSchema = z.object({
  /** the topic the import went into, or null for the root */
  parentId: idSchema.nullable(),
  topics: z.number().int(),
  pages: z.number().int(),
  files: z.number().int(),
  /** the first page created (opened after a single-document import) */
  firstPageId: idSchema.nullable(),
  problems: z.array(importProblemSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const transferKinds = ['import', 'export'] as const;
export type TransferKind = (typeof transferKinds)[number];

/** queued → running → done | failed; a run cut off by a restart is picked up again. */
export const transferStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type TransferStatus = (typeof transferStatuses)[number];

export const transferParamsSchema = z.object({ transferId: idSchema });

/**
 * An import or export running as a background job (`GET /api/v1/transfer/{transferId}`, seen by
 * its starter only): progress as `done` of `total` steps (an import's entries and pages, an
 * export's pages), then the import's report or the export's file to download.
 */
export const transferSchema = z.object({
  transferId: idSchema,
  kind: z.enum(transferKinds),
  spaceId: idSchema,
  /** an import's topic (null: the root); an export's page or topic (null: the whole space) */
  nodeId: idSchema.nullable(),
  /** an export's format; an import's is the upload's kind: markdown, html, docx or zip */
  format: z.string(),
  status: z.enum(transferStatuses),
  done: z.number().int(),
  total: z.number().int(),
  /** a finished import's report */
  report: importReportSchema.nullable(),
  /** a finished export's file name (download it from `/api/v1/transfer/{transferId}/download`) */
  fileName: z.string().nullable(),
  /** the catalogue code it failed with, and what went wrong in English words */
  errorCode: z.number().int().nullable(),
  errorDetail: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Transfer = z.infer<typeof transferSchema>;
