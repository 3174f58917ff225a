import { homeSchema } from '@library/contract';
import type { Database } from '../../db/database.js';
import { ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { currentSession } from '../session/index.js';
import { home } from './home.service.js';

const tags = ['home'];

export function registerHomeRoutes(app: App, deps: { db: Database }) {
  app.get('/api/v1/home', { schema: { tags, response: okResponse(homeSchema) } }, async (request) =>
    ok(await home(deps.db, currentSession(request).userId)),
  );
}
