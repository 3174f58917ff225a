// The ways into a team (team-invite.service.ts): the join link and its requests, invitations.
import {
  addrbookInviteSchema,
  answerInviteRequestSchema,
  inviteToTeamRequestSchema,
  joinTeamRequestSchema,
  teamInvitationParamsSchema,
  teamJoinCodeSchema,
  teamJoinPreviewQuerySchema,
  teamJoinPreviewSchema,
  teamJoinRequestParamsSchema,
  teamParamsSchema,
  type Quotas,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { currentSession } from '../session/index.js';
import * as invites from './team-invite.service.js';

const tags = ['addrbook'];

export function registerTeamInviteRoutes(app: App, deps: { db: Database; quotas: Quotas }) {
  const { db, quotas } = deps;
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  app.get(
    '/api/v1/team/:id/joinCode',
    { schema: { tags, params: teamParamsSchema, response: okResponse(teamJoinCodeSchema) } },
    async (request) => ok(await invites.getJoinCode(db, me(request), request.params.id)),
  );

  app.put(
    '/api/v1/team/:id/joinCode',
    { schema: { tags, params: teamParamsSchema, response: okResponse(teamJoinCodeSchema) } },
    async (request) => ok(await invites.resetJoinCode(db, me(request), request.params.id)),
  );

  app.get(
    '/api/v1/team/join',
    {
      schema: {
        tags,
        querystring: teamJoinPreviewQuerySchema,
        response: okResponse(teamJoinPreviewSchema),
      },
    },
    async (request) => ok(await invites.previewJoin(db, me(request), request.query.code)),
  );

  app.post(
    '/api/v1/team/join',
    { schema: { tags, body: joinTeamRequestSchema, response: okResponse(addrbookInviteSchema) } },
    async (request) => ok(await invites.requestToJoin(db, me(request), request.body)),
  );

  app.put(
    '/api/v1/team/joinRequest/:id',
    {
      schema: {
        tags,
        params: teamJoinRequestParamsSchema,
        body: answerInviteRequestSchema,
        response: okResponse(addrbookInviteSchema),
      },
    },
    async (request) =>
      ok(
        await invites.answerJoinRequest(
          db,
          me(request),
          request.params.id,
          request.body.accept,
          quotas,
        ),
      ),
  );

  app.post(
    '/api/v1/team/:id/invitation',
    {
      schema: {
        tags,
        params: teamParamsSchema,
        body: inviteToTeamRequestSchema,
        response: okResponse(addrbookInviteSchema),
      },
    },
    async (request) =>
      ok(await invites.inviteToTeam(db, me(request), request.params.id, request.body)),
  );

  app.put(
    '/api/v1/team/invitation/:id',
    {
      schema: {
        tags,
        params: teamInvitationParamsSchema,
        body: answerInviteRequestSchema,
        response: okResponse(addrbookInviteSchema),
      },
    },
    async (request) =>
      ok(
        await invites.answerInvitation(
          db,
          me(request),
          request.params.id,
          request.body.accept,
          quotas,
        ),
      ),
  );
}
