import { z } from 'zod';

// Every JSON response is `{ code, data, msg }`; code 0 is success (spec §8).
export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, msg: z.string() });
}

/** Lists answer `{ list, total, page, pageSize }`; page is 0-based. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** `?page=0&pageSize=…` of list calls (page is 0-based). */
export function pageQuerySchema(defaultPageSize: number, maxPageSize = 100) {
  return z.object({
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  });
}

/** Search words of list calls: trimmed, empty means no filter. */
export const keywordsSchema = z.string().trim().max(100).default('');
