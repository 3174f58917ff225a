// What the template module adds to the app: templates and the job making a topic from one.
import type { Database } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { registerTemplateRoutes } from './template.routes.js';
import { createFromTemplateHandler } from './template.service.js';

export function registerTemplateModule(app: App, deps: { db: Database }) {
  registerTemplateRoutes(app, deps);
  app.jobs.handle(Job.createFromTemplate, createFromTemplateHandler(deps.db));
}
