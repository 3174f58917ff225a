// What the page module adds to the app: page details and blocks, versions and comments.
import type { Database } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import type { BlocksCache } from './blocks-cache.js';
import { registerPageRoutes } from './page.routes.js';

export function registerPageModule(app: App, deps: { db: Database; blocks: BlocksCache }) {
  registerPageRoutes(app, deps);
}
