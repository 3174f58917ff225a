// What the system module adds to the app: health, readiness, login roles and the backup endpoint.
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { registerBackupRoutes } from './backup.routes.js';
import { registerSystemRoutes } from './system.routes.js';

export function registerSystemModule(
  app: App,
  deps: { database: DatabaseHandle; config: Config; version: string },
) {
  registerSystemRoutes(app, deps);
  registerBackupRoutes(app, deps);
}
