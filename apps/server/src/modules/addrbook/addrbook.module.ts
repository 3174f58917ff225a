// What the address book adds to the app: friends, teams, their invitations and the new-invites list.
import type { Quotas } from '@library/contract';
import type { Database } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { registerFriendRoutes } from './friend.routes.js';
import { registerInviteRoutes } from './invite.routes.js';
import { registerTeamInviteRoutes } from './team-invite.routes.js';
import { registerTeamRoutes } from './team.routes.js';

export function registerAddrbookModule(app: App, deps: { db: Database; quotas: Quotas }) {
  registerFriendRoutes(app, deps);
  registerTeamRoutes(app, deps);
  registerTeamInviteRoutes(app, deps);
  registerInviteRoutes(app, deps);
}
