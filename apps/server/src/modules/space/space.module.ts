// What the space module adds to the app: spaces, members and icons, and the job removing a replaced icon.
import type { Quotas } from '@library/contract';
import type { Database } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import type { AvatarStore } from '../user/index.js';
import { registerMemberRoutes } from './member.routes.js';
import { registerSpaceAuditRoutes } from './space-audit.routes.js';
import { registerSpaceIconRoutes } from './space-icon.routes.js';
import { registerSpaceRoutes } from './space.routes.js';

export function registerSpaceModule(
  app: App,
  deps: { db: Database; avatars: AvatarStore; quotas: Quotas },
) {
  registerSpaceRoutes(app, deps);
  registerSpaceIconRoutes(app, deps);
  registerMemberRoutes(app, deps);
  registerSpaceAuditRoutes(app, deps);
  // a missing image is fine, so the job may run twice
  app.jobs.handle(Job.removeSpaceIcon, ({ key }) => deps.avatars.remove(key));
}
