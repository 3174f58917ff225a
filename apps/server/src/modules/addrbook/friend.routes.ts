// The address book's friends: `GET /api/v1/friend`, `GET /api/v1/friend/group`,
// `PUT /api/v1/friend/inviteCode` (spec §7), and the calls that follow their style.
import { z } from 'zod';
import {
  addedFriendSchema,
  createFriendGroupRequestSchema,
  decideFriendRequestSchema,
  friendGroupListSchema,
  friendGroupParamsSchema,
  friendListQuerySchema,
  friendListSchema,
  friendParamsSchema,
  friendRequestCreateSchema,
  friendRequestListSchema,
  friendRequestParamsSchema,
  friendRequestResultSchema,
  friendSchema,
  inviteCodeRequestSchema,
  orderFriendGroupsRequestSchema,
  renameFriendGroupRequestSchema,
  updateFriendRequestSchema,
  type Quotas,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { emptyResponse, ok, okResponse, sendSerialised } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { currentSession } from '../session/index.js';
import * as friends from './friend.service.js';

const tags = ['addrbook'];

export function registerFriendRoutes(app: App, deps: { db: Database; quotas: Quotas }) {
  const { db, quotas } = deps;
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  app.get(
    '/api/v1/friend',
    {
      schema: { tags, querystring: friendListQuerySchema, response: okResponse(friendListSchema) },
    },
    async (request, reply) =>
      sendSerialised(reply, await friends.listFriendsJson(db, me(request), request.query.keywords)),
  );

  app.put(
    '/api/v1/friend/inviteCode',
    { schema: { tags, body: inviteCodeRequestSchema, response: okResponse(addedFriendSchema) } },
    async (request) =>
      ok({
        friend: await friends.addByInviteCode(db, me(request), request.body.inviteCode, quotas),
      }),
  );

  app.get(
    '/api/v1/friend/group',
    { schema: { tags, response: okResponse(friendGroupListSchema) } },
    async (request) => ok({ list: await friends.listGroups(db, me(request)) }),
  );

  app.post(
    '/api/v1/friend/group',
    {
      schema: {
        tags,
        body: createFriendGroupRequestSchema,
        response: okResponse(z.object({ groupId: z.string() })),
      },
    },
    async (request) => ok(await friends.createGroup(db, me(request), request.body.name)),
  );

  app.put(
    '/api/v1/friend/group/order',
    { schema: { tags, body: orderFriendGroupsRequestSchema, response: emptyResponse } },
    async (request) => {
      await friends.orderGroups(db, me(request), request.body.groupIds);
      return ok(null);
    },
  );

  app.put(
    '/api/v1/friend/group/:id',
    {
      schema: {
        tags,
        params: friendGroupParamsSchema,
        body: renameFriendGroupRequestSchema,
        response: emptyResponse,
      },
    },
    async (request) => {
      await friends.renameGroup(db, me(request), request.params.id, request.body.name);
      return ok(null);
    },
  );

  app.delete(
    '/api/v1/friend/group/:id',
    { schema: { tags, params: friendGroupParamsSchema, response: emptyResponse } },
    async (request) => {
      await friends.deleteGroup(db, me(request), request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/api/v1/friend/request',
    { schema: { tags, response: okResponse(friendRequestListSchema) } },
    async (request) => ok(await friends.listRequests(db, me(request))),
  );

  app.post(
    '/api/v1/friend/request',
    {
      schema: {
        tags,
        body: friendRequestCreateSchema,
        response: okResponse(friendRequestResultSchema),
      },
    },
    async (request) => ok(await friends.requestFriend(db, me(request), request.body, quotas)),
  );

  app.put(
    '/api/v1/friend/request/:id',
    {
      schema: {
        tags,
        params: friendRequestParamsSchema,
        body: decideFriendRequestSchema,
        response: okResponse(z.object({ friend: friendSchema.nullable() })),
      },
    },
    async (request) =>
      ok(
        await friends.decideRequest(
          db,
          me(request),
          request.params.id,
          request.body.accept,
          quotas,
        ),
      ),
  );

  app.put(
    '/api/v1/friend/:userId',
    {
      schema: {
        tags,
        params: friendParamsSchema,
        body: updateFriendRequestSchema,
        response: okResponse(friendSchema),
      },
    },
    async (request) =>
      ok(await friends.updateFriend(db, me(request), request.params.userId, request.body)),
  );

  app.delete(
    '/api/v1/friend/:userId',
    { schema: { tags, params: friendParamsSchema, response: emptyResponse } },
    async (request) => {
      await friends.removeFriend(db, me(request), request.params.userId);
      return ok(null);
    },
  );
}
