// Import and export as background jobs: starting one answers the transfer at
// once (an import once its upload is stored); its progress, its report and an export's file are
// asked for by its id, by its starter only.
import {
  exportRequestSchema,
  importLimits,
  importQuerySchema,
  importUploadField,
  transferParamsSchema,
  transferSchema,
  transferSpaceParamsSchema,
} from '@library/contract';
import { ok, okResponse } from '../../http/envelope.js';
import { uploadedFile } from '../../http/multipart.js';
import { binaryResponse } from '../../http/openapi.js';
import type { App } from '../../http/route-types.js';
import { sendFile } from '../../http/send-file.js';
import { currentSession } from '../session/index.js';
import {
  exportFileOf,
  exportTypes,
  presentTransfer,
  startExport,
  startImport,
  transferOf,
  type TransferDeps,
} from './transfer.service.js';

const tags = ['transfer'];

export function registerTransferRoutes(app: App, deps: TransferDeps) {
  app.post(
    '/api/v1/space/:spaceId/import',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: transferSpaceParamsSchema,
        querystring: importQuerySchema,
        response: okResponse(transferSchema),
      },
    },
    async (request) => {
      const userId = currentSession(request).userId;
      const part = await uploadedFile(request, importUploadField, {
        fileSize: importLimits.uploadBytes + 1,
        fields: 10,
      });
      return ok(
        await startImport(
          deps,
          userId,
          request.params.spaceId,
          request.query.parentId ?? null,
          part,
        ),
      );
    },
  );

  app.post(
    '/api/v1/space/:spaceId/export',
    {
      schema: {
        tags,
        params: transferSpaceParamsSchema,
        body: exportRequestSchema,
        response: okResponse(transferSchema),
      },
    },
    async (request) =>
      ok(
        await startExport(
          deps,
          currentSession(request).userId,
          request.params.spaceId,
          request.body,
          request.ip,
        ),
      ),
  );

  app.get(
    '/api/v1/transfer/:transferId',
    { schema: { tags, params: transferParamsSchema, response: okResponse(transferSchema) } },
    async (request) =>
      ok(
        presentTransfer(
          await transferOf(deps.db, currentSession(request).userId, request.params.transferId),
        ),
      ),
  );

  app.get(
    '/api/v1/transfer/:transferId/download',
    {
      schema: {
        tags,
        params: transferParamsSchema,
        response: binaryResponse(
          'A finished export: a .zip of Markdown pages and their files, a Word document or a PDF',
          Object.values(exportTypes),
        ),
      },
    },
    async (request, reply) => {
      const file = await exportFileOf(
        deps,
        currentSession(request).userId,
        request.params.transferId,
      );
      return sendFile(reply, file, { disposition: 'attachment', cacheControl: 'no-store' });
    },
  );
}
