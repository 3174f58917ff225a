// Who is calling: every request to the API is resolved here to a session (a device login's
// token), a personal access key (the MCP view only) or an anonymous visitor, as its route allows
// (`config.auth`: route-types.ts). The instance's session and access caches are made here too, and
// a logged-in write answers only once what it committed has been heard by every instance.
import { ErrorCode } from '@library/contract';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { AppError } from './http/app-error.js';
import type { App } from './http/route-types.js';
import {
  createAccessKeyCache,
  presentedAccessKey,
  resolveAccessKey,
} from './modules/access-key/index.js';
import { createSessionCache, createSessionResolver } from './modules/session/index.js';
import { createAccessCache } from './modules/space/index.js';

export async function installAuth(app: App, database: DatabaseHandle, config: Config) {
  const sessions = await createSessionCache(database);
  app.addHook('onClose', () => sessions.close());
  app.decorate('sessions', sessions);
  const accessKeys = createAccessKeyCache(sessions);
  const access = await createAccessCache(database);
  app.addHook('onClose', () => access.close());
  app.decorate('access', access);
  const resolveSession = createSessionResolver(database.db, config.trustedOrigins, sessions);
  app.decorateRequest('session', null);
  // A logged-in write answers once what it committed has been heard: a token it revoked, a user
  // it changed, a member it removed or a page it saved is forgotten by every instance before the
  // writer's next request.
  app.decorateRequest('sessionEpoch', 0);
  app.decorateRequest('accessEpoch', 0);
  app.addHook('onRequest', async (request) => {
    request.sessionEpoch = sessions.epoch();
    request.accessEpoch = access.epoch();
  });
  app.addHook('onSend', async (request) => {
    if (request.session && request.method !== 'GET' && request.method !== 'HEAD') {
      await Promise.all([
        sessions.settled(request.sessionEpoch),
        access.settled(request.accessEpoch),
      ]);
    }
  });
  app.decorateRequest('accessKey', null);
  app.addHook('preHandler', async (request) => {
    const auth = request.routeOptions.config.auth ?? 'required';
    if (auth === 'none' || !request.routeOptions.url?.startsWith('/api/')) return;
    if (request.routeOptions.url.startsWith('/api/docs')) return;
    // a personal access key opens the MCP view only (access-key.service.ts)
    const key = presentedAccessKey(request);
    if (key !== undefined) {
      if (auth !== 'accessKey') {
        throw new AppError(ErrorCode.tokenExpired, {
          detail: 'an access key opens only the MCP view',
        });
      }
      request.accessKey = await resolveAccessKey(database.db, key, accessKeys);
      return;
    }
    // 'optional': routes open to visitors; no token is an anonymous visitor, a bad one is 401
    request.session = await resolveSession(request);
    if (auth === 'optional' || auth === 'accessKey') return;
    if (!request.session) throw new AppError(ErrorCode.tokenExpired);
  });
}
