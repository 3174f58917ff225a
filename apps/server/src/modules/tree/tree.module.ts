// What the tree module adds to the app: the content tree's routes.
import type { Database } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import type { TreeRowsShape } from './tree.repo.js';
import { registerTreeRoutes } from './tree.routes.js';

export function registerTreeModule(app: App, deps: { db: Database; treeRows: TreeRowsShape }) {
  registerTreeRoutes(app, deps);
}
