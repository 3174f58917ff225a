import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { idSchema } from './space.js';

/** What search finds. */
export const searchResultTypes = ['page', 'topic', 'link', 'file', 'note'] as const;
export type SearchResultType = (typeof searchResultTypes)[number];

/**
 * `GET /api/v3/search?keywords&spaceId&type&page&pageSize`: `keywords` as people type them
 * (words, single characters, pinyin initials of titles or their beginnings, "an exact phrase" in
 * double quotes); `spaceId` one space (also a space open to visitors), otherwise all the caller's
 * spaces and notes; `type` one kind. page from 0, pageSize 1–50 (20).
 * Optional filters: `authorId` the user who made it (a page's, topic's or link's creator, a
 * file's uploader, a note's owner); `updatedAfter` / `updatedBefore` (ISO 8601, inclusive) when
 * it last changed — for readers and visitors a page's publication, for editors its draft's last save.
 */
export const searchQuerySchema = pageQuerySchema(20, 50).extend({
  keywords: z.string().trim().min(1).max(100),
  spaceId: idSchema.optional(),
  type: z.enum(searchResultTypes).optional(),
  authorId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  updatedAfter: z.iso.datetime({ offset: true }).optional(),
  updatedBefore: z.iso.datetime({ offset: true }).optional(),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/**
 * One result. `snippet` is HTML-escaped text (`&amp; &lt; &gt; &quot; &#39;`) in which the only
 * markup is `<em>…</em>` around the matching words; clients split on those two tags and render
 * the rest as text. `blockId`: the page block of the snippet (open the page scrolled to it).
 * `spaceId` is null for quick notes (they belong to their author, not to a space).
 */
export const searchResultSchema = z.object({
  type: z.enum(searchResultTypes),
  id: z.string(),
  spaceId: z.string().nullable(),
  title: z.string(),
  snippet: z.string(),
  blockId: z.string().optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * `total` counts the results the caller may open, best first, up to this many (or up to the
 * requested page's end, when further): a total this large means "at least" — never a guess.
 */
export const searchTotalCountedUpTo = 1000;

export const searchResultListSchema = pageSchema(searchResultSchema);
export type SearchResultList = z.infer<typeof searchResultListSchema>;
