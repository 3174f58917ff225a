// Import and export of pages (issue 14 §3–4): what the calls take and answer, and the limits an
// uploaded archive must keep before anything is extracted.
import { z } from 'zod';
import { idSchema } from './space.js';

/** The formats an export is written in. */
export const exportFormats = ['markdown', 'docx', 'pdf'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const transferSpaceParamsSchema = z.object({ spaceId: idSchema });

/** `?nodeId=&format=`: a page or a topic (absent: the whole space). */
export const exportQuerySchema = z.object({
  nodeId: idSchema.optional(),
  format: z.enum(exportFormats).default('markdown'),
});
export type ExportQuery = z.input<typeof exportQuerySchema>;

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

export const importProblemSchema = z.object({
  /** the path in the upload ('' for the upload itself) */
  path: z.string(),
  /** what could not be converted, in English words (e.g. 'HTML block', 'not a page or file') */
  reason: z.string(),
});

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
