// A space's part of the audit log (`GET /v2/space/{id}/audit`, the settings' 'activity' tab): the
// rows naming the space, for those who may manage it; anyone else finds no space (404 + 100007).
import { auditListResponseSchema, idParamsSchema, spaceAuditQuerySchema } from '@library/contract';
import type { Database } from '../../db/database.js';
import { ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { listSpaceAudit } from '../audit/index.js';
import { currentSession } from '../session/index.js';
import { accessSpace } from './space-access.js';

const tags = ['space'];

export function registerSpaceAuditRoutes(app: App, deps: { db: Database }) {
  const { db } = deps;
  app.get(
    '/api/v2/space/:id/audit',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: spaceAuditQuerySchema,
        response: okResponse(auditListResponseSchema),
      },
    },
    async (request) => {
      const spaceId = request.params.id;
      await accessSpace(db, currentSession(request).userId, spaceId, 'manage');
      return ok(await listSpaceAudit(db, spaceId, request.query));
    },
  );
}
