// What the account module adds to the app: an account's switches and quotas.
import type { Quotas } from '@library/contract';
import type { Database } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { registerAccountRoutes } from './account.routes.js';

export function registerAccountModule(app: App, deps: { db: Database; quotas: Quotas }) {
  registerAccountRoutes(app, deps);
}
