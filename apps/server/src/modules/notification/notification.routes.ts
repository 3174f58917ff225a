import {
  ErrorCode,
  errorMessage,
  notificationListQuerySchema,
  notificationListSchema,
  notificationParamsSchema,
  notificationSettingsSchema,
  updateNotificationSettingsSchema,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { emptyResponse, ok, okResponse } from '../../http/envelope.js';
import { requestLocale } from '../../http/locale.js';
import type { App } from '../../http/route-types.js';
import { currentSession, watchRevocation } from '../session/index.js';
import type { NotificationStreams } from './notification-stream.js';
import * as notifications from './notification.service.js';

const tags = ['notification'];
/** a comment line this often keeps proxies from closing a quiet stream */
const keepAliveMs = 25_000;

export function registerNotificationRoutes(
  app: App,
  deps: {
    db: Database;
    streams: () => NotificationStreams | undefined;
    /** how to end each stream open here (the app ends them when it closes) */
    ending: Set<() => void>;
    /** whether this site sends mail (SMTP_URL and MAIL_FROM are set) */
    emailAvailable: boolean;
  },
) {
  const { db } = deps;
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  app.get(
    '/api/v1/notification',
    {
      schema: {
        tags,
        querystring: notificationListQuerySchema,
        response: okResponse(notificationListSchema),
      },
    },
    async (request) => ok(await notifications.listNotifications(db, me(request), request.query)),
  );

  app.put(
    '/api/v1/notification/readAll',
    { schema: { tags, response: emptyResponse } },
    async (request) => {
      await notifications.markAllRead(db, me(request));
      return ok(null);
    },
  );

  app.put(
    '/api/v1/notification/:id/read',
    { schema: { tags, params: notificationParamsSchema, response: emptyResponse } },
    async (request) => {
      await notifications.markRead(db, me(request), request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/api/v1/notification/settings',
    { schema: { tags, response: okResponse(notificationSettingsSchema) } },
    async (request) => ok(await notifications.getSettings(db, me(request), deps.emailAvailable)),
  );

  app.put(
    '/api/v1/notification/settings',
    {
      schema: {
        tags,
        body: updateNotificationSettingsSchema,
        response: okResponse(notificationSettingsSchema),
      },
    },
    async (request) =>
      ok(
        await notifications.updateSettings(db, me(request), request.body, {
          emailAvailable: deps.emailAvailable,
          locale: requestLocale(request),
        }),
      ),
  );

  // Server-sent events: one `notification` event per new item for the caller, from whichever
  // instance made it; the stream ends when the caller's login is revoked.
  app.get('/api/v1/notification/stream', { schema: { tags } }, async (request, reply) => {
    const session = currentSession(request);
    const streams = deps.streams();
    if (!streams) throw new Error('notification streams are not ready');
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    raw.write(': connected\n\n');
    const write = (text: string) => {
      if (!raw.writableEnded && !raw.destroyed) raw.write(text);
    };
    const stop = streams.open(session.userId, (notification) =>
      write(`event: notification\ndata: ${JSON.stringify(notification)}\n\n`),
    );
    const keepAlive = setInterval(() => write(': keep-alive\n\n'), keepAliveMs);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      deps.ending.delete(end);
      stop();
      clearInterval(keepAlive);
      unwatch();
      if (!raw.writableEnded) raw.end();
    };
    const unwatch = watchRevocation(db, app.sessions, session, () => {
      const code = ErrorCode.tokenExpired;
      write(
        `event: error\ndata: ${JSON.stringify({ code, data: null, msg: errorMessage(code, requestLocale(request)) })}\n\n`,
      );
      end();
    });
    raw.on('close', end);
    deps.ending.add(end);
  });
}
