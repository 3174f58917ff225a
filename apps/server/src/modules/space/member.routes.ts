import { z } from 'zod';
import {
  addMemberRequestSchema,
  createMemberGroupRequestSchema,
  idParamsSchema,
  idSchema,
  friendParamsSchema,
  memberGroupListSchema,
  sharedSpaceListSchema,
  spacePeopleQuerySchema,
  spacePeopleSchema,
  teamSpaceListSchema,
  type Quotas,
  updateMemberGroupRequestSchema,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { emptyResponse, ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { currentSession } from '../session/index.js';
import * as members from './member.service.js';

const tags = ['space members'];

export function registerMemberRoutes(app: App, deps: { db: Database; quotas: Quotas }) {
  const { db } = deps;

  app.get(
    '/api/v2/space/:id/memberGroup',
    { schema: { tags, params: idParamsSchema, response: okResponse(memberGroupListSchema) } },
    async (request) =>
      ok({
        list: await members.listMemberGroups(db, currentSession(request).userId, request.params.id),
      }),
  );

  app.get(
    '/api/v2/space/:id/people',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: spacePeopleQuerySchema,
        response: okResponse(spacePeopleSchema),
      },
    },
    async (request) =>
      ok(
        await members.spacePeople(
          db,
          currentSession(request).userId,
          request.params.id,
          request.query,
        ),
      ),
  );

  app.post(
    '/api/v2/space/:id/memberGroup',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: createMemberGroupRequestSchema,
        response: okResponse(z.object({ memberGroupId: z.string() })),
      },
    },
    async (request) => {
      const group = await members.createMemberGroup(
        db,
        currentSession(request).userId,
        request.params.id,
        request.body,
        deps.quotas,
        request.ip,
      );
      return ok({ memberGroupId: group.id });
    },
  );

  app.put(
    '/api/v2/space/memberGroup/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: updateMemberGroupRequestSchema,
        response: emptyResponse,
      },
    },
    async (request) => {
      await members.updateMemberGroup(
        db,
        currentSession(request).userId,
        request.params.id,
        request.body,
        request.ip,
      );
      return ok(null);
    },
  );

  app.delete(
    '/api/v2/space/memberGroup/:id',
    { schema: { tags, params: idParamsSchema, response: emptyResponse } },
    async (request) => {
      await members.deleteMemberGroup(
        db,
        currentSession(request).userId,
        request.params.id,
        request.ip,
      );
      return ok(null);
    },
  );

  app.post(
    '/api/v2/space/memberGroup/:id/member',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: addMemberRequestSchema,
        response: emptyResponse,
      },
    },
    async (request) => {
      await members.addMember(
        db,
        currentSession(request).userId,
        request.params.id,
        request.body,
        request.ip,
      );
      return ok(null);
    },
  );

  app.get(
    '/api/v1/team/:id/space',
    { schema: { tags, params: idParamsSchema, response: okResponse(teamSpaceListSchema) } },
    async (request) =>
      ok({
        list: await members.listTeamSpaces(db, currentSession(request).userId, request.params.id),
      }),
  );

  app.get(
    '/api/v1/friend/:userId/space',
    { schema: { tags, params: friendParamsSchema, response: okResponse(sharedSpaceListSchema) } },
    async (request) =>
      ok({
        list: await members.listSharedSpaces(
          db,
          currentSession(request).userId,
          request.params.userId,
        ),
      }),
  );

  app.delete(
    '/api/v2/space/memberGroup/:id/member/:memberType/:memberId',
    {
      schema: {
        tags,
        params: z.object({
          id: idSchema,
          memberType: z.enum(['user', 'team']),
          memberId: z.string().min(1).max(64),
        }),
        response: emptyResponse,
      },
    },
    async (request) => {
      const { id, memberType, memberId } = request.params;
      const member = { memberType, memberId };
      await members.removeMember(db, currentSession(request).userId, id, member, request.ip);
      return ok(null);
    },
  );
}
