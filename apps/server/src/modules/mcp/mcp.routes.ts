// The read-only MCP view (spec §7, issue 13 §3): the GETs external AI tools call. Each is a thin
// route over the same service and access check as its sibling in the web app's API (noted on
// each), so nothing leaves here that the caller could not open there: without a token an
// anonymous visitor (open spaces, published pages), with one that user's role.
import { z } from 'zod';
import {
  commentListQuerySchema,
  commentListSchema,
  errorMessage,
  idParamsSchema,
  listViewParamsSchema,
  listViewQuerySchema,
  listViewSchema,
  mcpFilePreviewUrlSchema,
  mcpSpaceListSchema,
  openSpaceListQuerySchema,
  pageBlocksQuerySchema,
  pageBlocksSchema,
  pageDetailSchema,
  spaceDetailSchema,
  spaceTreeSchema,
} from '@library/contract';
import { ok, okResponse, sendSerialised } from '../../http/envelope.js';
import { requestLocale } from '../../http/locale.js';
import type { App } from '../../http/route-types.js';
import * as files from '../file/file.service.js';
import { createBlocksCache } from '../page/blocks-cache.js';
import * as comments from '../page/comment.service.js';
import * as pages from '../page/page.service.js';
import { callerId } from '../session/session.service.js';
import * as spaces from '../space/space.service.js';
import type { TreeRowsShape } from '../tree/tree.repo.js';
import * as tree from '../tree/tree.service.js';

const tags = ['mcp'];
/** Every MCP call is open to anonymous callers: `space-access.ts` decides what they see. */
const config = { auth: 'optional' } as const;

export function registerMcpRoutes(app: App, deps: files.FileDeps & { treeRows: TreeRowsShape }) {
  const { db, treeRows } = deps;
  const blocks = createBlocksCache(8 * 1024 * 1024);

  // sibling: GET /v3/space/openSpace, with the caller's own spaces and role
  app.get(
    '/api/v1/mcp/space',
    {
      config,
      schema: {
        tags,
        querystring: openSpaceListQuerySchema,
        response: okResponse(mcpSpaceListSchema),
      },
    },
    async (request) => ok(await spaces.listReadableSpaces(db, callerId(request), request.query)),
  );

  // sibling: GET /v2/space/{id}
  app.get(
    '/api/v1/mcp/space/:id',
    { config, schema: { tags, params: idParamsSchema, response: okResponse(spaceDetailSchema) } },
    async (request) => ok(await spaces.getSpace(db, callerId(request), request.params.id)),
  );

  // sibling: GET /v2/space/{id}/tree (not cached here: the MCP view is not the hot path)
  app.get(
    '/api/v1/mcp/space/:id/spaceTree',
    { config, schema: { tags, params: idParamsSchema, response: okResponse(spaceTreeSchema) } },
    async (request) => {
      const { load } = await tree.spaceTree(
        db,
        callerId(request),
        request.params.id,
        treeRows,
        app.access,
      );
      return ok(await load());
    },
  );

  // sibling: GET /v3/space/{spaceId}/topic/listView
  app.get(
    '/api/v1/mcp/space/:spaceId/topic/listView',
    {
      config,
      schema: {
        tags,
        params: listViewParamsSchema,
        querystring: listViewQuerySchema,
        response: okResponse(listViewSchema),
      },
    },
    async (request) =>
      ok(await tree.listView(db, callerId(request), request.params.spaceId, request.query)),
  );

  // The visitor precheck: its answers are in the body's code, with HTTP 200 — an answer, not a
  // failed request (docs/decisions/mcp.md).
  app.get(
    '/api/v1/mcp/space/:id/accessControl/visitor',
    { config, schema: { tags, params: idParamsSchema, response: okResponse(z.null()) } },
    async (request) => {
      const code = await spaces.visitorPrecheck(db, callerId(request), request.params.id);
      if (code === 0) return ok(null);
      return { code, data: null, msg: errorMessage(code, requestLocale(request)) };
    },
  );

  // sibling: GET /v2/space/page/{id}
  app.get(
    '/api/v1/mcp/page/:id',
    { config, schema: { tags, params: idParamsSchema, response: okResponse(pageDetailSchema) } },
    async (request) =>
      ok(await pages.getPage(db, callerId(request), request.params.id, app.access)),
  );

  // sibling: GET /v2/space/page/{id}/block
  app.get(
    '/api/v1/mcp/page/:id/blocks',
    {
      config,
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

  // sibling: GET /v2/space/page/{id}/comment
  app.get(
    '/api/v1/mcp/page/:id/comment',
    {
      config,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: commentListQuerySchema,
        response: okResponse(commentListSchema),
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return ok(
        await comments.listComments(db, callerId(request), request.params.id, page, pageSize),
      );
    },
  );

  // sibling: GET /v3/space/file/{id}/previewUrl, its `url` named `filePreviewUrl` (spec §7)
  app.get(
    '/api/v1/mcp/file/:id/previewUrl',
    {
      config,
      schema: { tags, params: idParamsSchema, response: okResponse(mcpFilePreviewUrlSchema) },
    },
    async (request) => {
      const { url, expiresAt } = await files.previewUrl(deps, callerId(request), request.params.id);
      return ok({ filePreviewUrl: url, expiresAt });
    },
  );
}
