// What the recycle module adds to the app: the recycle bin.
import type { Quotas } from '@library/contract';
import type { Database } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { registerRecycleRoutes } from './recycle.routes.js';

export function registerRecycleModule(app: App, deps: { db: Database; quotas: Quotas }) {
  registerRecycleRoutes(app, deps);
}
