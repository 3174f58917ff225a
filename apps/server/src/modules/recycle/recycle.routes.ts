import {
  recycleIdParamsSchema,
  recycleListQuerySchema,
  recycleListSchema,
  restoreResultSchema,
  type Quotas,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { emptyResponse, ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { currentSession } from '../session/index.js';
import * as recycle from './recycle.service.js';

const tags = ['recycle'];

export function registerRecycleRoutes(app: App, deps: { db: Database; quotas: Quotas }) {
  const { db, quotas } = deps;
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  app.get(
    '/api/v1/recycle',
    {
      schema: {
        tags,
        querystring: recycleListQuerySchema,
        response: okResponse(recycleListSchema),
      },
    },
    async (request) => ok(await recycle.listRecycleItems(db, me(request), request.query)),
  );

  app.post(
    '/api/v1/recycle/:id/restore',
    {
      schema: { tags, params: recycleIdParamsSchema, response: okResponse(restoreResultSchema) },
    },
    async (request) =>
      ok(await recycle.restoreRecycleItem(db, me(request), request.params.id, quotas)),
  );

  app.delete(
    '/api/v1/recycle/:id',
    { schema: { tags, params: recycleIdParamsSchema, response: emptyResponse } },
    async (request) => {
      await recycle.purgeRecycleItem(db, me(request), request.params.id);
      return ok(null);
    },
  );
}
