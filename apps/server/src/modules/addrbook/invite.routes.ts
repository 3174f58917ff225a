// The address book's 'new invites' list (invite.service.ts).
import {
  addrbookInviteCountSchema,
  addrbookInviteListQuerySchema,
  addrbookInviteListSchema,
  addrbookInviteParamsSchema,
  addrbookInviteSchema,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { currentSession } from '../session/index.js';
import * as invites from './invite.service.js';

const tags = ['addrbook'];

export function registerInviteRoutes(app: App, deps: { db: Database }) {
  const { db } = deps;
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  app.get(
    '/api/v1/addrbook/invite',
    {
      schema: {
        tags,
        querystring: addrbookInviteListQuerySchema,
        response: okResponse(addrbookInviteListSchema),
      },
    },
    async (request) => ok(await invites.listInvites(db, me(request), request.query)),
  );

  app.get(
    '/api/v1/addrbook/invite/count',
    { schema: { tags, response: okResponse(addrbookInviteCountSchema) } },
    async (request) => ok(await invites.countPendingInvites(db, me(request))),
  );

  app.get(
    '/api/v1/addrbook/invite/:inviteId',
    {
      schema: {
        tags,
        params: addrbookInviteParamsSchema,
        response: okResponse(addrbookInviteSchema),
      },
    },
    async (request) => ok(await invites.getInvite(db, me(request), request.params.inviteId)),
  );
}
