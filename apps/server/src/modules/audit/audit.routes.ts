// The audit log under /api/system/v1 (the /sys/audit screen): the list and its CSV export, for
// system administrators alone (audit.policy.ts; 403 + 700007 otherwise, as the administration's).
import type { FastifyRequest } from 'fastify';
import {
  auditExportQuerySchema,
  auditListQuerySchema,
  auditListResponseSchema,
  ErrorCode,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { ok, okResponse } from '../../http/envelope.js';
import { binaryResponse } from '../../http/openapi.js';
import type { App } from '../../http/route-types.js';
import { sendFile } from '../../http/send-file.js';
import { currentSession } from '../session/index.js';
import { canReadAudit } from './audit.policy.js';
import { rolesOf } from './audit.repo.js';
import { exportAuditCsv, listAudit } from './audit.service.js';

const tags = ['system'];

export function registerAuditRoutes(app: App, deps: { db: Database }) {
  const { db } = deps;

  async function auditor(request: FastifyRequest) {
    const { userId } = currentSession(request);
    if (!canReadAudit(await rolesOf(db, userId))) {
      throw new AppError(ErrorCode.permissionCheckFailed);
    }
  }

  app.get(
    '/api/system/v1/audit',
    {
      schema: {
        tags,
        querystring: auditListQuerySchema,
        response: okResponse(auditListResponseSchema),
      },
    },
    async (request) => {
      await auditor(request);
      return ok(await listAudit(db, request.query));
    },
  );

  app.get(
    '/api/system/v1/audit/export',
    {
      schema: {
        tags,
        querystring: auditExportQuerySchema,
        response: binaryResponse('The matching audit rows as CSV (UTF-8 with BOM)', [
          'text/csv; charset=utf-8',
        ]),
      },
    },
    async (request, reply) => {
      await auditor(request);
      const csv = await exportAuditCsv(db, request.query);
      const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      return sendFile(
        reply,
        { name: `audit-${day}.csv`, mimeType: 'text/csv', body: csv },
        { disposition: 'attachment' },
      );
    },
  );
}
