// What the watch module adds to the app: watching a space, topic or page, and the jobs that work
// out whom a comment or a published version concerns.
import type { DatabaseHandle } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { registerWatchRoutes } from './watch.routes.js';
import { notifyComment, notifyPageMentions, notifyPublish } from './watch.service.js';

export function registerWatchModule(app: App, deps: { database: DatabaseHandle }) {
  const { database } = deps;
  registerWatchRoutes(app, { db: database.db });
  app.jobs.handle(Job.notifyComment, ({ commentId, mentioned }) =>
    notifyComment(database.background, commentId, mentioned),
  );
  app.jobs.handle(Job.notifyPublish, ({ pageId, version }) =>
    notifyPublish(database.background, pageId, version),
  );
  app.jobs.handle(Job.notifyPageMentions, ({ pageId, actorId, mentions }) =>
    notifyPageMentions(database.background, pageId, actorId, mentions),
  );
}
