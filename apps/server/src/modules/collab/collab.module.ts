// What the collaboration module adds to the app: the live editing socket at /api/v1/collab, on the
// API's own port. It starts listening for other instances' page updates when the app is ready
// and stops (logging every update it received) when the app closes.
import type { IncomingMessage } from 'node:http';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { createCollabServer, type CollabServer } from './collab-server.js';

export function registerCollabModule(app: App, deps: { config: Config; database: DatabaseHandle }) {
  let collab: CollabServer | undefined;
  app.addHook('onReady', async () => {
    collab = await createCollabServer({
      database: deps.database,
      sessions: app.sessions,
      access: app.access,
      trustedOrigins: deps.config.trustedOrigins,
      log: app.log,
      redisUrl: deps.config.redisUrl,
    });
  });
  // A socket opened counts like a request against the client address's limit per minute (shared
  // by the instances when Redis is configured); past it the upgrade is answered 429.
  const perAddress = app.createRateLimit({
    max: deps.config.rateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `collab:${(request as unknown as { ip: string }).ip}`,
  });
  app.server.on('upgrade', (request, socket, head) => {
    if (!collab) {
      socket.destroy();
      return;
    }
    const live = collab;
    const ip = clientAddress(request, deps.config.trustProxy);
    // what the limiter reads of a request (the app's allow list looks at the URL)
    perAddress({ ip, url: request.url ?? '', routeOptions: { config: {} } } as never)
      .then((counted) => {
        if (!counted.isAllowed && counted.isExceeded) {
          socket.end(
            `HTTP/1.1 429 Too Many Requests\r\nRetry-After: ${counted.ttlInSeconds}\r\n` +
              'Connection: close\r\nContent-Length: 0\r\n\r\n',
          );
          return;
        }
        if (!live.handleUpgrade(request, socket, head)) socket.destroy();
      })
      .catch(() => socket.destroy());
  });
  app.addHook('preClose', async () => {
    await collab?.close();
  });
}

/** The caller's address as Fastify gives it to requests: behind a trusted proxy, the first hop. */
function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return (trustProxy && first) || request.socket.remoteAddress || '';
}
