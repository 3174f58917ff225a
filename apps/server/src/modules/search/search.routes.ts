import { searchQuerySchema, searchResultListSchema } from '@library/contract';
import type { Database } from '../../db/database.js';
import { ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { callerId } from '../session/index.js';
import { search } from './search.service.js';

const tags = ['search'];

export function registerSearchRoutes(app: App, deps: { db: Database }) {
  app.get(
    '/api/v3/search',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        querystring: searchQuerySchema,
        response: okResponse(searchResultListSchema),
      },
    },
    async (request) => ok(await search(deps.db, callerId(request), request.query)),
  );
}
