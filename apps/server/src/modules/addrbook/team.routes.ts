// Nested teams in the address book (`/addrbook/team/:teamId`): the calls follow the style of
// the spec's friend calls.
import {
  addTeamMemberRequestSchema,
  createTeamRequestSchema,
  moveTeamRequestSchema,
  renameTeamRequestSchema,
  setTeamMemberRoleRequestSchema,
  teamDetailSchema,
  teamListSchema,
  teamMemberParamsSchema,
  teamParamsSchema,
  type Quotas,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { emptyResponse, ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { currentSession } from '../session/index.js';
import * as teams from './team.service.js';

const tags = ['addrbook'];

export function registerTeamRoutes(app: App, deps: { db: Database; quotas: Quotas }) {
  const { db, quotas } = deps;
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  app.get(
    '/api/v1/team',
    { schema: { tags, response: okResponse(teamListSchema) } },
    async (request) => ok({ list: await teams.listTeams(db, me(request)) }),
  );

  app.post(
    '/api/v1/team',
    { schema: { tags, body: createTeamRequestSchema, response: okResponse(teamDetailSchema) } },
    async (request) => ok(await teams.createTeam(db, me(request), request.body, quotas)),
  );

  app.get(
    '/api/v1/team/:id',
    { schema: { tags, params: teamParamsSchema, response: okResponse(teamDetailSchema) } },
    async (request) => ok(await teams.getTeam(db, me(request), request.params.id)),
  );

  app.put(
    '/api/v1/team/:id',
    {
      schema: {
        tags,
        params: teamParamsSchema,
        body: renameTeamRequestSchema,
        response: okResponse(teamDetailSchema),
      },
    },
    async (request) =>
      ok(await teams.renameTeam(db, me(request), request.params.id, request.body.name)),
  );

  app.put(
    '/api/v1/team/:id/move',
    {
      schema: {
        tags,
        params: teamParamsSchema,
        body: moveTeamRequestSchema,
        response: okResponse(teamDetailSchema),
      },
    },
    async (request) =>
      ok(await teams.moveTeam(db, me(request), request.params.id, request.body.parentId)),
  );

  app.delete(
    '/api/v1/team/:id',
    { schema: { tags, params: teamParamsSchema, response: emptyResponse } },
    async (request) => {
      await teams.deleteTeam(db, me(request), request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/api/v1/team/:id/member',
    {
      schema: {
        tags,
        params: teamParamsSchema,
        body: addTeamMemberRequestSchema,
        response: okResponse(teamDetailSchema),
      },
    },
    async (request) =>
      ok(await teams.addMember(db, me(request), request.params.id, request.body, quotas)),
  );

  app.put(
    '/api/v1/team/:id/member/:userId',
    {
      schema: {
        tags,
        params: teamMemberParamsSchema,
        body: setTeamMemberRoleRequestSchema,
        response: okResponse(teamDetailSchema),
      },
    },
    async (request) =>
      ok(
        await teams.setMemberRole(
          db,
          me(request),
          request.params.id,
          request.params.userId,
          request.body.role,
        ),
      ),
  );

  app.delete(
    '/api/v1/team/:id/member/:userId',
    { schema: { tags, params: teamMemberParamsSchema, response: emptyResponse } },
    async (request) => {
      await teams.removeMember(db, me(request), request.params.id, request.params.userId);
      return ok(null);
    },
  );
}
