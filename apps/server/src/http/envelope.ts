import { z } from 'zod';
import { envelopeSchema, ErrorCode, type Envelope } from '@library/contract';

export function ok<T>(data: T): Envelope<T> {
  return { code: ErrorCode.success, data, msg: 'success' };
}

/** Response schema map for a route answering `data` with 200. */
export function okResponse<T extends z.ZodType>(data: T) {
  return { 200: envelopeSchema(data) };
}

export const emptyResponse = okResponse(z.null());
