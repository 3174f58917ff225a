// What the history module adds to the app: visits to spaces and pages.
import type { Database } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { registerHistoryRoutes } from './history.routes.js';

export function registerHistoryModule(app: App, deps: { db: Database }) {
  registerHistoryRoutes(app, deps);
}
