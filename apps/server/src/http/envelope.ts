import type { FastifyReply } from 'fastify';
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

/** The JSON text of `ok(data)` around `data`'s own JSON text (put together by the database). */
export function okJson(dataJson: string): string {
  const { code, msg } = ok(null);
  return `{"code":${code},"data":${dataJson},"msg":${JSON.stringify(msg)}}`;
}

/**
 * Sends an envelope already serialised (a cached answer's text, or its UTF-8 bytes) as it is. The
 * route's response schema still documents it; `never` only tells the typed reply that the text
 * is that envelope.
 */
export function sendSerialised<Reply extends FastifyReply>(reply: Reply, body: string | Buffer) {
  return reply.type('application/json; charset=utf-8').send(body as never);
}
