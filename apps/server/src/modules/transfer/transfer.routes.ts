// Import and export (issue 14 §3–4): a page, a topic or a space out as a .zip of Markdown, and
// Markdown, HTML, Word or a .zip of them in.
import {
  type ExportFormat,
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

/**
 * The writers and the importer load with the first export or import of their kind: they bring
 * archivers, pdfkit, docx, mammoth and the Markdown parsers (tens of MB a server rarely needs).
 */
const writers = {
  markdown: async () => (await import('./export.service.js')).exportMarkdown,
  pdf: async () => (await import('./export-pdf.js')).exportPdf,
  docx: async () => (await import('./export-docx.js')).exportDocx,
} as const;

const tags = ['transfer'];

const exportTypes: Record<ExportFormat, string> = {
  markdown: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

export function registerTransferRoutes(app: App, deps: FileDeps & { treeRows: TreeRowsShape }) {
  app.get(
    '/api/v1/space/:spaceId/export',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        params: transferSpaceParamsSchema,
        querystring: exportQuerySchema,
        response: binaryResponse(
          'The export: a .zip of Markdown pages and their files, a Word document or a PDF',
          Object.values(exportTypes),
        ),
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const write = await writers[format]();
      const archive = await write(
        deps,
        callerId(request),
        request.params.spaceId,
        request.query.nodeId,
      );
      return reply
        .type(exportTypes[format])
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
      const { importUpload } = await import('./import.service.js');
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
