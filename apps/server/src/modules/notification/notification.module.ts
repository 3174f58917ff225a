// What the notification module adds to the app: the inbox and its live stream, settings, the
// unsubscribe link of mails, and the jobs that mail notifications (at once, or in the 09:00
// digest, which is scheduled at start while mail is configured).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import type { Mailer } from '../../infra/mail/mailer.js';
import { createNotificationStreams, type NotificationStreams } from './notification-stream.js';
import {
  digestHandler,
  digestMailHandler,
  mailNotificationsHandler,
  scheduleDigest,
  type MailDeps,
  type UnsubscribeSigner,
} from './notification.mail.js';
import { registerNotificationRoutes } from './notification.routes.js';
import { registerUnsubscribeRoutes } from './notification.unsubscribe.js';

export function registerNotificationModule(
  app: App,
  deps: {
    database: DatabaseHandle;
    config: Pick<Config, 'publicUrl' | 'mailTimeZone'>;
    /** unset: mail is not configured */
    mailer: Mailer | undefined;
    unsubscribe: UnsubscribeSigner;
    log: FastifyBaseLogger;
  },
) {
  const { database } = deps;
  let streams: NotificationStreams | undefined;
  const ending = new Set<() => void>();
  const mail: MailDeps = {
    db: database.background,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl ?? '',
    timeZone: deps.config.mailTimeZone,
    unsubscribe: deps.unsubscribe,
    now: () => new Date(),
    log: deps.log,
  };
  app.addHook('onReady', async () => {
    streams = await createNotificationStreams(database, app.log);
    if (mail.mailer) await scheduleDigest(database.db, mail.timeZone, mail.now());
  });
  app.addHook('preClose', async () => {
    for (const end of [...ending]) end();
    await streams?.close();
  });
  app.addHook('onClose', async () => deps.mailer?.close());
  registerNotificationRoutes(app, {
    db: database.db,
    streams: () => streams,
    ending,
    emailAvailable: deps.mailer !== undefined,
  });
  registerUnsubscribeRoutes(app, { db: database.db, unsubscribe: deps.unsubscribe });
  app.jobs.handle(Job.mailNotifications, mailNotificationsHandler(mail));
  app.jobs.handle(Job.mailDigest, digestHandler(mail));
  app.jobs.handle(Job.mailDigestTo, digestMailHandler(mail));
}
