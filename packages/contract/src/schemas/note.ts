import { z } from 'zod';
import { pageSchema } from '../envelope.js';
import { limits } from '../limits.js';
import { stripUnsafeText } from '../text.js';
import { blockIdSchema } from './page.js';
import { keywordsSchema, pageQuerySchema } from '../envelope.js';
import { idSchema } from './space.js';

// Quick notes (`/notes`): `GET|POST /api/v1/note`, `GET|PUT|DELETE /api/v1/note/{id}`,
// `POST /api/v1/note/{id}/toPage`.

/** Characters of `text` a list item carries. */
export const notePreviewLength = 200;
/** Title of the page made from a note without a title. */
export const untitledNoteName = '无标题笔记';

/**
 * One block of the editor, as pages hold them (BlockNote JSON: id, type, props, content,
 * children); a note's blocks may lack ids until they become a page.
 */
export const noteBlockSchema = z.looseObject({
  id: blockIdSchema.optional(),
  type: z.string().min(1).max(64),
});
export type NoteBlock = z.infer<typeof noteBlockSchema>;

export const noteTitleSchema = z.string().trim().max(limits.nameMax);
/** The editor's document: NUL and lone surrogates a paste brought in are stripped. */
export const noteContentSchema = z.array(noteBlockSchema).max(10_000).overwrite(stripUnsafeText);
/** Plain text of the note, kept for search and previews (derived from the content, so stripped). */
export const noteTextSchema = z.string().max(200_000).overwrite(stripUnsafeText);

export const noteListQuerySchema = pageQuerySchema(20).extend({ keywords: keywordsSchema });
export type NoteListQuery = z.input<typeof noteListQuerySchema>;

export const noteSummarySchema = z.object({
  noteId: z.string(),
  title: z.string(),
  /** in lists, the first 200 characters; in a single note, all of it */
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NoteSummary = z.infer<typeof noteSummarySchema>;

export const noteSchema = noteSummarySchema.extend({ content: z.array(noteBlockSchema) });
export type Note = z.infer<typeof noteSchema>;

export const noteListSchema = pageSchema(noteSummarySchema);
export type NoteList = z.infer<typeof noteListSchema>;

export const createNoteRequestSchema = z.object({
  title: noteTitleSchema.optional().default(''),
  content: noteContentSchema.optional().default([]),
  text: noteTextSchema.optional(),
});
export type CreateNoteRequest = z.input<typeof createNoteRequestSchema>;

/** Autosave sends only what changed; `text` is derived from `content` when left out. */
export const updateNoteRequestSchema = z.object({
  title: noteTitleSchema.optional(),
  content: noteContentSchema.optional(),
  text: noteTextSchema.optional(),
});
export type UpdateNoteRequest = z.input<typeof updateNoteRequestSchema>;

export const noteIdParamsSchema = z.object({ id: idSchema });

/** Turns a note into a page at the end of `parentId` (a topic) or of the space root. */
export const noteToPageRequestSchema = z.object({
  spaceId: idSchema,
  parentId: idSchema.nullable().optional(),
});
export type NoteToPageRequest = z.input<typeof noteToPageRequestSchema>;

export const noteToPageResultSchema = z.object({ pageId: z.string(), spaceId: z.string() });
export type NoteToPageResult = z.infer<typeof noteToPageResultSchema>;
