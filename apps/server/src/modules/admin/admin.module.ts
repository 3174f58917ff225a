// What the admin module adds to the app: the administration of users and roles.
import type { Quotas } from '@library/contract';
import type { Database } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { registerAdminRoutes } from './admin.routes.js';

export function registerAdminModule(app: App, deps: { db: Database; quotas: Quotas }) {
  registerAdminRoutes(app, deps);
}
