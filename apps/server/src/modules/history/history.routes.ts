import {
  historyListQuerySchema,
  historyListSchema,
  historyTargetParamsSchema,
  recordVisitRequestSchema,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { emptyResponse, ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { currentSession } from '../session/index.js';
import * as history from './history.service.js';

const tags = ['history'];

export function registerHistoryRoutes(app: App, deps: { db: Database }) {
  const { db } = deps;
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  app.get(
    '/api/v1/history',
    {
      schema: {
        tags,
        querystring: historyListQuerySchema,
        response: okResponse(historyListSchema),
      },
    },
    async (request) => ok(await history.listHistory(db, me(request), request.query)),
  );

  app.post(
    '/api/v1/history',
    { schema: { tags, body: recordVisitRequestSchema, response: emptyResponse } },
    async (request) => {
      await history.recordVisit(db, me(request), request.body);
      return ok(null);
    },
  );

  app.delete(
    '/api/v1/history/:targetType/:targetId',
    { schema: { tags, params: historyTargetParamsSchema, response: emptyResponse } },
    async (request) => {
      const { targetType, targetId } = request.params;
      await history.removeVisit(db, me(request), targetType, targetId);
      return ok(null);
    },
  );

  app.delete('/api/v1/history', { schema: { tags, response: emptyResponse } }, async (request) => {
    await history.clearHistory(db, me(request));
    return ok(null);
  });
}
