import { watchRequestSchema, watchStateSchema, watchTargetTypes } from '@library/contract';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { currentSession } from '../session/index.js';
import * as watch from './watch.service.js';

const tags = ['notification'];

const watchQuerySchema = z.object({
  targetType: z.enum(watchTargetTypes),
  targetId: z.uuid(),
});

export function registerWatchRoutes(app: App, deps: { db: Database }) {
  const { db } = deps;
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  app.get(
    '/api/v1/watch',
    { schema: { tags, querystring: watchQuerySchema, response: okResponse(watchStateSchema) } },
    async (request) =>
      ok(await watch.watching(db, me(request), request.query.targetType, request.query.targetId)),
  );

  app.put(
    '/api/v1/watch',
    { schema: { tags, body: watchRequestSchema, response: okResponse(watchStateSchema) } },
    async (request) => ok(await watch.setWatching(db, me(request), request.body)),
  );
}
