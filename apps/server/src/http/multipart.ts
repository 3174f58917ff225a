// Where an uploaded file enters: the one file part of a multipart body. A body the multipart
// parser cannot read (no boundary, a part cut short, garbage) is the client's mistake, so it is
// answered 400 + 100002 like any malformed input — whether the parser finds out before the part
// is handed over or while its bytes stream.
import { PassThrough, finished, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@library/contract';
import { AppError } from './app-error.js';

function malformed(error: unknown): unknown {
  if (error instanceof AppError) return error;
  // the multipart plugin's own answers (too many parts, not multipart at all) keep their status
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new AppError(ErrorCode.paramError, { detail: `multipart body: ${reason}` });
}

/**
 * The body's file part named `field` (100002 naming it when the body has none): its name as the
 * browser sent it and its bytes. The parser may have failed the part already — a truncated body
 * arrives whole — so read `file` with `pipeline` or `finished`, which see an earlier failure too.
 */
export async function uploadedFile(
  request: FastifyRequest,
  field: string,
  limits: { fileSize: number; fields?: number },
): Promise<{ filename: string; file: Readable }> {
  const part = await request
    .file({
      limits: { ...limits, files: 1 },
      // the name is a display name only: keep it as sent (`../../x` never reaches a path)
      preservePath: true,
    })
    .catch((error: unknown) => {
      throw malformed(error);
    });
  if (!part || part.fieldname !== field) {
    part?.file.resume();
    throw new AppError(ErrorCode.paramError, { detail: `expected one file part named ${field}` });
  }
  const file = new PassThrough();
  // keeps a failure that comes before the caller listens from being an uncaught error
  file.on('error', () => undefined);
  finished(part.file, (error) => {
    if (error) file.destroy(malformed(error) as Error);
  });
  part.file.pipe(file);
  return { filename: part.filename, file };
}
