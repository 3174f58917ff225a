// What the notification module adds to the app: the inbox and its live stream, settings,
// watching, and the jobs that work out whom a comment or a published version concerns.
import type { DatabaseHandle } from '../../db/database.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import type { App } from '../../http/route-types.js';
import { createNotificationStreams, type NotificationStreams } from './notification-stream.js';
import { registerNotificationRoutes } from './notification.routes.js';
import { notifyComment, notifyPageMentions, notifyPublish } from './notification.service.js';

export function registerNotificationModule(app: App, deps: { database: DatabaseHandle }) {
  const { database } = deps;
  let streams: NotificationStreams | undefined;
  const ending = new Set<() => void>();
  app.addHook('onReady', async () => {
    streams = await createNotificationStreams(database, app.log);
  });
  app.addHook('preClose', async () => {
    for (const end of [...ending]) end();
    await streams?.close();
  });
  registerNotificationRoutes(app, { db: database.db, streams: () => streams, ending });
  app.jobs.handle(Job.notifyComment, ({ commentId }) =>
    notifyComment(database.background, commentId),
  );
  app.jobs.handle(Job.notifyPublish, ({ pageId, version }) =>
    notifyPublish(database.background, pageId, version),
  );
  app.jobs.handle(Job.notifyPageMentions, ({ pageId, actorId, mentions }) =>
    notifyPageMentions(database.background, pageId, actorId, mentions),
  );
}
