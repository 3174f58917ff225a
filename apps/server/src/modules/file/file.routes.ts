// Files of spaces: upload, the file library, rename, delete, download, preview URLs
// (their MCP twin is in modules/mcp), and the root-level `/preview/{id}` that serves a signed URL.
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
import type { App } from '../../http/route-types.js';
import { requestedRange, sendFile, storedFileResponse } from '../../http/send-file.js';
import { quotasOf } from '../account/index.js';
import { callerId, currentSession } from '../session/index.js';
import * as files from './file.service.js';

const tags = ['file'];

export function registerFileRoutes(app: App, deps: files.FileDeps) {
  const { db } = deps;
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

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
        response: storedFileResponse('attachment'),
      },
    },
    async (request, reply) => {
      const bytes = await files.downloadFile(
        deps,
        callerId(request),
        request.params.id,
        requestedRange(request),
      );
      return sendFile(reply, bytes, { disposition: 'attachment' });
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
        response: storedFileResponse('inline'),
      },
    },
    async (request, reply) => {
      const bytes = await files.openPreview(
        deps,
        request.params.id,
        request.query,
        requestedRange(request),
      );
      return sendFile(reply, bytes, {
        disposition: 'inline',
        cacheControl: 'private, max-age=300',
      });
    },
  );
}
