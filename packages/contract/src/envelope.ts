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
