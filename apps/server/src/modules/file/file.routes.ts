// Files of spaces: upload, the file library, rename, delete, download, preview URLs
// (their MCP twin is in modules/mcp), and the root-level `/preview/{id}` that serves a signed URL.
import type { FastifyReply } from 'fastify';
import {
  deleteFileResponseSchema,
  fileListQuerySchema,
  fileListSchema,
  filePreviewUrlSchema,
  fileUploadField,
  idParamsSchema,
  renameFileRequestSchema,
  spaceFileSchema,
  spaceFileSpaceParamsSchema,
  uploadFileQuerySchema,
} from '@library/contract';
import { z } from 'zod';
import { ok, okResponse } from '../../http/envelope.js';
import { uploadedFile } from '../../http/multipart.js';
import { binaryResponse } from '../../http/openapi.js';
import type { App } from '../../http/route-types.js';
import { quotasOf } from '../account/account.policy.js';
import { callerId, currentSession } from '../session/session.service.js';
import { contentDisposition, parseRange } from './file.http.js';
import { isActiveType } from './file.sniff.js';
import * as files from './file.service.js';

const tags = ['file'];

export function registerFileRoutes(app: App, deps: files.FileDeps) {
  const { db } = deps;
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;
  const rangeOf = (header: string | undefined) => (size: number) => parseRange(header, size);

  app.post(
    '/api/v3/space/:spaceId/file',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: spaceFileSpaceParamsSchema,
        querystring: uploadFileQuerySchema,
        response: okResponse(spaceFileSchema),
      },
    },
    async (request) => {
      const userId = me(request);
      // per-route limits: the quotas are enforced while streaming, busboy only stops a runaway
      const { fileBytes } = await quotasOf(db, userId, deps.quotas);
      const part = await uploadedFile(request, fileUploadField, {
        fileSize: fileBytes + 1,
        fields: 10,
      });
      return ok(
        await files.uploadFile(deps, userId, request.params.spaceId, request.query.pageId, part),
      );
    },
  );

  app.get(
    '/api/v3/space/:spaceId/file',
    {
      schema: {
        tags,
        params: spaceFileSpaceParamsSchema,
        querystring: fileListQuerySchema,
        response: okResponse(fileListSchema),
      },
    },
    async (request) =>
      ok(await files.listFiles(db, me(request), request.params.spaceId, request.query)),
  );

  app.get(
    '/api/v3/space/file/:id',
    { schema: { tags, params: idParamsSchema, response: okResponse(spaceFileSchema) } },
    async (request) => ok(await files.getFile(db, me(request), request.params.id)),
  );

  app.put(
    '/api/v3/space/file/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: renameFileRequestSchema,
        response: okResponse(spaceFileSchema),
      },
    },
    async (request) =>
      ok(await files.renameFile(db, me(request), request.params.id, request.body.name)),
  );

  app.delete(
    '/api/v3/space/file/:id',
    { schema: { tags, params: idParamsSchema, response: okResponse(deleteFileResponseSchema) } },
    async (request) =>
      ok({ recycleId: await files.deleteFile(db, me(request), request.params.id) }),
  );

  app.get(
    '/api/v3/space/file/:id/download',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        params: idParamsSchema,
        response: binaryResponse(
          'The bytes, as an attachment (HTML, SVG, XML as octet-stream)',
          ['*/*'],
          { ranges: true },
        ),
      },
    },
    async (request, reply) => {
      const bytes = await files.downloadFile(
        deps,
        callerId(request),
        request.params.id,
        rangeOf(request.headers.range),
      );
      reply.header('content-disposition', contentDisposition('attachment', bytes.name));
      reply.header('content-security-policy', 'sandbox');
      // HTML, SVG and XML leave as opaque bytes: never a document of our origin
      const type = isActiveType(bytes.mimeType) ? 'application/octet-stream' : bytes.mimeType;
      return sendBytes(reply, bytes, inlineType(type));
    },
  );

  app.get(
    '/api/v3/space/file/:id/previewUrl',
    {
      config: { auth: 'optional' },
      schema: { tags, params: idParamsSchema, response: okResponse(filePreviewUrlSchema) },
    },
    async (request) => ok(await files.previewUrl(deps, callerId(request), request.params.id)),
  );

  // Outside /api: the signature is the credential (no token, no cookie), checked here.
  app.get(
    '/preview/:id',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: z.object({ u: z.string(), e: z.string(), s: z.string() }).partial(),
        response: binaryResponse('The bytes, inline (HTML, SVG, XML as text/plain)', ['*/*'], {
          ranges: true,
        }),
      },
    },
    async (request, reply) => {
      const bytes = await files.openPreview(
        deps,
        request.params.id,
        request.query,
        rangeOf(request.headers.range),
      );
      reply.header('content-disposition', contentDisposition('inline', bytes.name));
      reply.header('cache-control', 'private, max-age=300');
      if (isActiveType(bytes.mimeType)) {
        // HTML, SVG and XML are shown as their source text, sandboxed, never rendered
        reply.header('content-security-policy', 'sandbox');
        return sendBytes(reply, bytes, 'text/plain; charset=utf-8');
      }
      return sendBytes(reply, bytes, inlineType(bytes.mimeType));
    },
  );
}

/** Text types are sent as UTF-8 (what the upload sniffer accepted as text). */
export function inlineType(mimeType: string) {
  return mimeType.startsWith('text/') ? `${mimeType}; charset=utf-8` : mimeType;
}

export function sendBytes(reply: FastifyReply, bytes: files.FileBytes, contentType: string) {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('accept-ranges', 'bytes');
  reply.header('etag', `"${bytes.sha256}"`);
  reply.type(contentType);
  if (bytes.range) {
    const { start, end } = bytes.range;
    reply.code(206);
    reply.header('content-range', `bytes ${start}-${end}/${bytes.size}`);
    reply.header('content-length', String(end - start + 1));
  } else {
    reply.header('content-length', String(bytes.size));
  }
  return reply.send(bytes.stream);
}
