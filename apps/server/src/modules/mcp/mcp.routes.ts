// The read-only MCP view (spec §7): the GETs external AI tools call. Each is a thin
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
  visitorPrecheckQuerySchema,
} from '@library/contract';
import { ok, okResponse, sendSerialised } from '../../http/envelope.js';
import { requestLocale } from '../../http/locale.js';
import type { App } from '../../http/route-types.js';
import * as files from '../file/index.js';
import type { BlocksCache } from '../page/index.js';
import * as comments from '../page/index.js';
import * as pages from '../page/index.js';
import { mcpReader } from '../access-key/index.js';
import * as spaces from '../space/index.js';
import type { TreeRowsShape } from '../tree/index.js';
import * as tree from '../tree/index.js';
import { readerOf, readerOfSpace } from './mcp-scope.js';

const tags = ['mcp'];
/**
 * Every MCP call is open to anonymous callers and takes a personal access key (only these calls
 * do): `space-access.ts` decides what they see, within the key's spaces (mcp-scope.ts).
 */
const config = { auth: 'accessKey' } as const;

export function registerMcpRoutes(
  app: App,
  deps: files.FileDeps & { treeRows: TreeRowsShape; blocks: BlocksCache },
) {
  const { db, treeRows, blocks } = deps;

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
    async (request) => {
      const { userId, spaceIds } = mcpReader(request);
      return ok(
        await spaces.listReadableSpaces(
          db,
          userId,
          request.query,
          spaceIds ? [...spaceIds] : undefined,
        ),
      );
    },
  );

  // sibling: GET /v2/space/{id}
  app.get(
    '/api/v1/mcp/space/:id',
    { config, schema: { tags, params: idParamsSchema, response: okResponse(spaceDetailSchema) } },
    async (request) => {
      const { userId } = readerOfSpace(request, request.params.id);
      return ok(await spaces.getSpace(db, userId, request.params.id));
    },
  );

  // sibling: GET /v2/space/{id}/tree (not cached here: the MCP view is not the hot path)
  app.get(
    '/api/v1/mcp/space/:id/spaceTree',
    { config, schema: { tags, params: idParamsSchema, response: okResponse(spaceTreeSchema) } },
    async (request) => {
      const { userId } = readerOfSpace(request, request.params.id);
      const { load } = await tree.spaceTree(db, userId, request.params.id, treeRows, app.access);
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
    async (request) => {
      const { userId } = readerOfSpace(request, request.params.spaceId);
      return ok(await tree.listView(db, userId, request.params.spaceId, request.query));
    },
  );

  // The visitor precheck: its answers are in the body's code, with HTTP 200 — an answer, not a
  // failed request (docs/decisions/mcp.md).
  app.get(
    '/api/v1/mcp/space/:id/accessControl/visitor',
    {
      config,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: visitorPrecheckQuerySchema,
        response: okResponse(z.null()),
      },
    },
    async (request) => {
      const { userId } = readerOfSpace(request, request.params.id);
      const code = await spaces.visitorPrecheck(
        db,
        userId,
        request.params.id,
        request.query.nodeId,
      );
      if (code === 0) return ok(null);
      return { code, data: null, msg: errorMessage(code, requestLocale(request)) };
    },
  );

  // sibling: GET /v2/space/page/{id}
  app.get(
    '/api/v1/mcp/page/:id',
    { config, schema: { tags, params: idParamsSchema, response: okResponse(pageDetailSchema) } },
    async (request) => {
      const { userId } = await readerOf(db, request, 'node', request.params.id);
      return ok(await pages.getPage(db, userId, request.params.id, app.access));
    },
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
    async (request, reply) => {
      const { userId } = await readerOf(db, request, 'node', request.params.id);
      return sendSerialised(
        reply,
        await pages.getBlocksJson(
          db,
          blocks,
          userId,
          request.params.id,
          request.query.version,
          app.access,
        ),
      );
    },
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
      const { userId } = await readerOf(db, request, 'node', request.params.id);
      return ok(await comments.listComments(db, userId, request.params.id, page, pageSize));
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
      const { userId } = await readerOf(db, request, 'file', request.params.id);
      const { url, expiresAt } = await files.previewUrl(deps, userId, request.params.id);
      return ok({ filePreviewUrl: url, expiresAt });
    },
  );
}
