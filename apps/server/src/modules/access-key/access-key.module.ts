// What the access-key module adds to the app: personal access keys for MCP clients.
import type { Database } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { registerAccessKeyRoutes } from './access-key.routes.js';

export function registerAccessKeyModule(app: App, deps: { db: Database }) {
  registerAccessKeyRoutes(app, deps);
}
