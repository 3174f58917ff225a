// Import and export (issue 14 §3–4): a page, a topic or a space out as a .zip of Markdown, and
// Markdown, HTML, Word or a .zip of them in.
import {
  exportQuerySchema,
  importLimits,
  importQuerySchema,
  importReportSchema,
  importUploadField,
  transferSpaceParamsSchema,
} from '@library/contract';
import { ok, okResponse } from '../../http/envelope.js';
import { uploadedFile } from '../../http/multipart.js';
import { binaryResponse } from '../../http/openapi.js';
import type { App } from '../../http/route-types.js';
import type { FileDeps } from '../file/file.service.js';
import { contentDisposition } from '../file/file.http.js';
import { callerId, currentSession } from '../session/session.service.js';
import type { TreeRowsShape } from '../tree/tree.repo.js';
import { exportMarkdown } from './export.service.js';
import { importUpload } from './import.service.js';

const tags = ['transfer'];

export function registerTransferRoutes(app: App, deps: FileDeps & { treeRows: TreeRowsShape }) {
  app.get(
    '/api/v1/space/:spaceId/export',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        params: transferSpaceParamsSchema,
        querystring: exportQuerySchema,
        response: binaryResponse('The export, a .zip of Markdown pages and their files', [
          'application/zip',
        ]),
      },
    },
    async (request, reply) => {
      const archive = await exportMarkdown(
        deps,
        callerId(request),
        request.params.spaceId,
        request.query.nodeId,
      );
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition('attachment', archive.name))
        .header('cache-control', 'no-store')
        .send(archive.stream);
    },
  );

  app.post(
    '/api/v1/space/:spaceId/import',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: transferSpaceParamsSchema,
        querystring: importQuerySchema,
        response: okResponse(importReportSchema),
      },
    },
    async (request) => {
      const userId = currentSession(request).userId;
      const part = await uploadedFile(request, importUploadField, {
        fileSize: importLimits.uploadBytes + 1,
        fields: 10,
      });
      return ok(
        await importUpload(
          deps,
          userId,
          request.params.spaceId,
          request.query.parentId ?? null,
          part,
        ),
      );
    },
  );
}
