// What the home module adds to the app: the home page's lists in one request.
import type { Database } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { registerHomeRoutes } from './home.routes.js';

export function registerHomeModule(app: App, deps: { db: Database }) {
  registerHomeRoutes(app, deps);
}
