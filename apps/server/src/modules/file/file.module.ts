// What the file module adds to the app: space files, and the jobs extracting their text, removing their bytes and sweeping abandoned uploads.
import type { Database } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { removeBytesHandler } from './file.recycle.js';
import { registerFileRoutes } from './file.routes.js';
import type { FileDeps } from './file.service.js';
import { sweepTempHandler } from './file.sweep.js';
import { extractTextHandler } from './file.text.js';

export function registerFileModule(app: App, deps: { files: FileDeps; background: Database }) {
  const { files } = deps;
  registerFileRoutes(app, files);
  const jobs: FileDeps = { ...files, db: deps.background };
  app.jobs.handle(Job.extractFileText, extractTextHandler(jobs));
  app.jobs.handle(Job.removeFileBytes, removeBytesHandler(files.storage));
  app.jobs.handle(Job.sweepTempUploads, sweepTempHandler(jobs));
}
