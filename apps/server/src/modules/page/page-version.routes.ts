// Published versions of a page: publish, list, diff against the draft, restore, unpublish.
import {
  idParamsSchema,
  pageRevisionSchema,
  pageVersionDiffSchema,
  pageVersionListSchema,
  pageVersionParamsSchema,
  pageVersionSchema,
  publishPageRequestSchema,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { emptyResponse, ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { callerId, currentSession } from '../session/index.js';
import * as versions from './page-version.service.js';

const tags = ['page'];

export function registerPageVersionRoutes(app: App, deps: { db: Database }) {
  const { db } = deps;
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  app.post(
    '/api/v2/space/page/:id/version',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: publishPageRequestSchema,
        response: okResponse(pageVersionSchema),
      },
    },
    async (request) =>
      ok(await versions.publish(db, me(request), request.params.id, request.body.name)),
  );

  app.get(
    '/api/v2/space/page/:id/version',
    {
      config: { auth: 'optional' },
      schema: { tags, params: idParamsSchema, response: okResponse(pageVersionListSchema) },
    },
    async (request) => ok(await versions.listVersions(db, callerId(request), request.params.id)),
  );

  app.get(
    '/api/v2/space/page/:id/version/:version/diff',
    {
      schema: {
        tags,
        params: pageVersionParamsSchema,
        response: okResponse(pageVersionDiffSchema),
      },
    },
    async (request) => {
      const { id, version } = request.params;
      return ok(await versions.diffVersion(db, me(request), id, version));
    },
  );

  app.post(
    '/api/v2/space/page/:id/version/:version/restore',
    {
      schema: {
        tags,
        params: pageVersionParamsSchema,
        response: okResponse(pageRevisionSchema),
      },
    },
    async (request) => {
      const { id, version } = request.params;
      return ok(await versions.restoreVersion(db, me(request), id, version));
    },
  );

  app.delete(
    '/api/v2/space/page/:id/publish',
    { schema: { tags, params: idParamsSchema, response: emptyResponse } },
    async (request) => {
      await versions.unpublish(db, me(request), request.params.id);
      return ok(null);
    },
  );
}
