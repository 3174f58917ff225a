import { z } from 'zod';
import {
  createSpaceGroupRequestSchema,
  createSpaceRequestSchema,
  deleteSpaceRequestSchema,
  idParamsSchema,
  openSpaceListQuerySchema,
  openSpaceListSchema,
  orderSpaceGroupsRequestSchema,
  placeSpaceRequestSchema,
  renameSpaceGroupRequestSchema,
  spaceDetailSchema,
  spaceGroupListSchema,
  updateSpaceRequestSchema,
  type Quotas,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { emptyResponse, ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { callerId, currentSession } from '../session/index.js';
import type { AvatarStore } from '../user/index.js';
import { presentSpace } from './space.presenter.js';
import * as spaces from './space.service.js';

const tags = ['space'];

export function registerSpaceRoutes(
  app: App,
  deps: { db: Database; avatars: AvatarStore; quotas: Quotas },
) {
  const { db, avatars } = deps;
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  app.get(
    '/api/v3/space/group',
    { schema: { tags, response: okResponse(spaceGroupListSchema) } },
    async (request) => ok(await spaces.listSpaceGroups(db, me(request))),
  );

  app.post(
    '/api/v3/space/group',
    {
      schema: {
        tags,
        body: createSpaceGroupRequestSchema,
        response: okResponse(z.object({ groupId: z.string(), groupName: z.string() })),
      },
    },
    async (request) => {
      const group = await spaces.createGroup(db, me(request), request.body.groupName);
      return ok({ groupId: group.id, groupName: group.name });
    },
  );

  app.put(
    '/api/v3/space/group/order',
    { schema: { tags, body: orderSpaceGroupsRequestSchema, response: emptyResponse } },
    async (request) => {
      await spaces.orderGroups(db, me(request), request.body.groupIds);
      return ok(null);
    },
  );

  app.put(
    '/api/v3/space/group/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: renameSpaceGroupRequestSchema,
        response: emptyResponse,
      },
    },
    async (request) => {
      await spaces.renameGroup(db, me(request), request.params.id, request.body.groupName);
      return ok(null);
    },
  );

  app.delete(
    '/api/v3/space/group/:id',
    { schema: { tags, params: idParamsSchema, response: emptyResponse } },
    async (request) => {
      await spaces.deleteGroup(db, me(request), request.params.id);
      return ok(null);
    },
  );

  app.put(
    '/api/v3/space/:id/group',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: placeSpaceRequestSchema,
        response: emptyResponse,
      },
    },
    async (request) => {
      const { groupId, beforeSpaceId } = request.body;
      await spaces.placeSpace(db, me(request), request.params.id, groupId, beforeSpaceId);
      return ok(null);
    },
  );

  app.post(
    '/api/v2/space',
    { schema: { tags, body: createSpaceRequestSchema, response: okResponse(spaceDetailSchema) } },
    async (request) =>
      ok(
        presentSpace(
          await spaces.createSpace(db, me(request), request.body, deps.quotas),
          'owner',
          false,
        ),
      ),
  );

  app.get(
    '/api/v3/space/openSpace',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        querystring: openSpaceListQuerySchema,
        response: okResponse(openSpaceListSchema),
      },
    },
    async (request) => ok(await spaces.listOpenSpaces(db, request.query)),
  );

  app.get(
    '/api/v2/space/:id',
    {
      config: { auth: 'optional' },
      schema: { tags, params: idParamsSchema, response: okResponse(spaceDetailSchema) },
    },
    async (request) => ok(await spaces.getSpace(db, callerId(request), request.params.id)),
  );

  app.put(
    '/api/v2/space/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: updateSpaceRequestSchema,
        response: okResponse(spaceDetailSchema),
      },
    },
    async (request) =>
      ok(
        await spaces.updateSpace(
          db,
          avatars,
          me(request),
          request.params.id,
          request.body,
          request.ip,
        ),
      ),
  );

  app.delete(
    '/api/v2/space/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: deleteSpaceRequestSchema,
        response: emptyResponse,
      },
    },
    async (request) => {
      await spaces.deleteSpace(db, me(request), request.params.id, request.body.auth.args.password);
      return ok(null);
    },
  );
}
