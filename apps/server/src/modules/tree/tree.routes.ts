// Routes of the content tree (spec §7): the tree, topic details, the list view, and creating,
// editing, moving and deleting topics, pages and external links.
import {
  createLinkRequestSchema,
  createPageRequestSchema,
  createTopicRequestSchema,
  deletedNodesSchema,
  idParamsSchema,
  listViewParamsSchema,
  listViewQuerySchema,
  listViewSchema,
  movedNodeSchema,
  moveNodeRequestSchema,
  renamePageRequestSchema,
  renameTopicRequestSchema,
  spaceTreeSchema,
  topicDetailSchema,
  topicVisitorsRequestSchema,
  treeLinkSchema,
  treePageSchema,
  treeTopicSchema,
  updateLinkRequestSchema,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { ok, okResponse, sendSerialised } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { callerId, currentSession } from '../session/index.js';
import { presentLink, presentPage, presentTopic } from './tree.presenter.js';
import { createTreeCache } from './tree-cache.js';
import * as tree from './tree.service.js';
import type { TreeRowsShape } from './tree.repo.js';

const tags = ['tree'];

export function registerTreeRoutes(app: App, deps: { db: Database; treeRows: TreeRowsShape }) {
  const { db, treeRows } = deps;
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;
  const trees = createTreeCache();

  // --- reading -------------------------------------------------------------------------------

  app.get(
    '/api/v2/space/:id/tree',
    {
      config: { auth: 'optional' },
      schema: { tags, params: idParamsSchema, response: okResponse(spaceTreeSchema) },
      // The presenter builds the tree from typed rows, and the schema still types the handler
      // and documents the answer; the answer's text is cached per tree version and sent as it
      // is (checking 10,000 nodes again on the way out would cost more than the query itself).
    },
    async (request, reply) => {
      const spaceId = request.params.id;
      const { version, audience, load } = await tree.spaceTree(
        db,
        callerId(request),
        spaceId,
        treeRows,
        app.access,
      );
      let body = trees.get(spaceId, audience, version);
      if (body === undefined) {
        body = JSON.stringify(ok(await load()));
        trees.set(spaceId, audience, version, body);
      }
      return sendSerialised(reply, body);
    },
  );

  app.get(
    '/api/v2/space/topic/:id',
    {
      config: { auth: 'optional' },
      schema: { tags, params: idParamsSchema, response: okResponse(topicDetailSchema) },
    },
    async (request) => ok(await tree.topicDetail(db, callerId(request), request.params.id)),
  );

  app.get(
    '/api/v3/space/:spaceId/topic/listView',
    {
      config: { auth: 'optional' },
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

  // --- creating ------------------------------------------------------------------------------

  app.post(
    '/api/v2/space/:id/topic',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: createTopicRequestSchema,
        response: okResponse(treeTopicSchema),
      },
    },
    async (request) =>
      ok(presentTopic(await tree.createTopic(db, me(request), request.params.id, request.body))),
  );

  app.post(
    '/api/v2/space/:id/page',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: createPageRequestSchema,
        response: okResponse(treePageSchema),
      },
    },
    async (request) =>
      ok(presentPage(await tree.createPage(db, me(request), request.params.id, request.body))),
  );

  app.post(
    '/api/v2/space/:id/link',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: createLinkRequestSchema,
        response: okResponse(treeLinkSchema),
      },
    },
    async (request) =>
      ok(presentLink(await tree.createLink(db, me(request), request.params.id, request.body))),
  );

  // --- editing -------------------------------------------------------------------------------

  app.put(
    '/api/v2/space/topic/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: renameTopicRequestSchema,
        response: okResponse(topicDetailSchema),
      },
    },
    async (request) =>
      ok(await tree.renameTopic(db, me(request), request.params.id, request.body.name)),
  );

  app.put(
    '/api/v2/space/topic/:id/visitors',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: topicVisitorsRequestSchema,
        response: okResponse(topicDetailSchema),
      },
    },
    async (request) =>
      ok(
        await tree.setTopicVisitors(
          db,
          me(request),
          request.params.id,
          request.body.visitorsClosed,
          request.ip,
        ),
      ),
  );

  app.put(
    '/api/v2/space/page/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: renamePageRequestSchema,
        response: okResponse(treePageSchema),
      },
    },
    async (request) =>
      ok(presentPage(await tree.editPage(db, me(request), request.params.id, request.body))),
  );

  app.put(
    '/api/v2/space/link/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: updateLinkRequestSchema,
        response: okResponse(treeLinkSchema),
      },
    },
    async (request) =>
      ok(presentLink(await tree.editLink(db, me(request), request.params.id, request.body))),
  );

  app.put(
    '/api/v2/space/node/:id/move',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: moveNodeRequestSchema,
        response: okResponse(movedNodeSchema),
      },
    },
    async (request) => {
      const { targetId, placement } = request.body;
      return ok(await tree.moveNode(db, me(request), request.params.id, targetId, placement));
    },
  );

  // --- deleting (to the recycle bin) ---------------------------------------------------------

  for (const type of ['topic', 'page', 'link'] as const) {
    app.delete(
      `/api/v2/space/${type}/:id`,
      { schema: { tags, params: idParamsSchema, response: okResponse(deletedNodesSchema) } },
      async (request) => ok(await tree.deleteNode(db, me(request), request.params.id, type)),
    );
  }
}
