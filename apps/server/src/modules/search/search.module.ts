// What the search module adds to the app: GET /api/v3/search and the job indexing everything.
import type { Database } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { indexAllForSearch } from './search.index.js';
import { registerSearchRoutes } from './search.routes.js';

export function registerSearchModule(app: App, deps: { db: Database }) {
  registerSearchRoutes(app, deps);
  app.jobs.handle(Job.indexSearchAll, () => indexAllForSearch(deps.db));
}
