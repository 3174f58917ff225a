// Pages: details, blocks and saving them; registers the version and comment routes too.
// (Renaming and deleting a page belong to the tree module.)
import {
  idParamsSchema,
  pageBlocksQuerySchema,
  pageBlocksSchema,
  pageDetailSchema,
  pageLimits,
  pageRevisionSchema,
  savePageBlocksRequestSchema,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { ok, okResponse, sendSerialised } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { callerId, currentSession } from '../session/index.js';
import { registerCommentRoutes } from './comment.routes.js';
import { registerPageVersionRoutes } from './page-version.routes.js';
import type { BlocksCache } from './blocks-cache.js';
import * as pages from './page.service.js';

const tags = ['page'];

export function registerPageRoutes(app: App, deps: { db: Database; blocks: BlocksCache }) {
  const { db, blocks } = deps;
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  app.get(
    '/api/v2/space/page/:id',
    {
      config: { auth: 'optional' },
      schema: { tags, params: idParamsSchema, response: okResponse(pageDetailSchema) },
    },
    async (request) =>
      ok(await pages.getPage(db, callerId(request), request.params.id, app.access)),
  );

  app.get(
    '/api/v2/space/page/:id/block',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: pageBlocksQuerySchema,
        response: okResponse(pageBlocksSchema),
      },
    },
    async (request, reply) =>
      sendSerialised(
        reply,
        await pages.getBlocksJson(
          db,
          blocks,
          callerId(request),
          request.params.id,
          request.query.version,
          app.access,
        ),
      ),
  );

  app.put(
    '/api/v2/space/page/:id/block',
    {
      bodyLimit: pageLimits.saveBodyBytes,
      schema: {
        tags,
        params: idParamsSchema,
        body: savePageBlocksRequestSchema,
        response: okResponse(pageRevisionSchema),
      },
    },
    async (request) => ok(await pages.saveBlocks(db, me(request), request.params.id, request.body)),
  );

  registerPageVersionRoutes(app, deps);
  registerCommentRoutes(app, deps);
}
