// Health, readiness and the caller's roles.
import { healthResponseSchema, loginRoleResponseSchema } from '@library/contract';
import type { DatabaseHandle } from '../../db/database.js';
import { ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { currentSession } from '../session/index.js';
import * as system from './system.service.js';

const tags = ['system'];
const startedAt = Date.now();

export function registerSystemRoutes(
  app: App,
  deps: { database: DatabaseHandle; version: string },
) {
  const { db } = deps.database;

  app.get(
    '/api/health',
    {
      config: { auth: 'none', rateLimit: false },
      schema: { tags, response: okResponse(healthResponseSchema) },
    },
    async () =>
      ok({
        status: 'ok' as const,
        database: deps.database.kind,
        version: deps.version,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      }),
  );

  /** Readiness: the database answers. */
  app.get(
    '/api/ready',
    { config: { auth: 'none', rateLimit: false }, schema: { tags } },
    async () => {
      await system.checkReady(db);
      return ok(null);
    },
  );

  /** The caller's roles: devicePolicy holds role names, deviceMenu the admin menus (spec §6). */
  app.get(
    '/api/system/v1/users/loginRole',
    { schema: { tags, response: okResponse(loginRoleResponseSchema) } },
    async (request) => ok(await system.loginRole(db, currentSession(request).userId)),
  );
}
