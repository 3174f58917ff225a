// What the audit module adds to the app: reading the audit log.
import type { Database } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { registerAuditRoutes } from './audit.routes.js';

export function registerAuditModule(app: App, deps: { db: Database }) {
  registerAuditRoutes(app, deps);
}
