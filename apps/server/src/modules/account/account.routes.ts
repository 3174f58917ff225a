// The caller's own feature switches and quotas.
import { myPermissionResponseSchema, myQuotaResponseSchema, type Quotas } from '@library/contract';
import type { Database } from '../../db/database.js';
import { ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { currentSession } from '../session/index.js';
import * as account from './account.service.js';

const tags = ['user'];

export function registerAccountRoutes(app: App, deps: { db: Database; quotas: Quotas }) {
  const { db } = deps;

  app.get(
    '/api/v1/user/permission',
    { schema: { tags, response: okResponse(myPermissionResponseSchema) } },
    async (request) => ok(await account.myPermission(db, currentSession(request).userId)),
  );

  app.get(
    '/api/v1/user/quota',
    { schema: { tags, response: okResponse(myQuotaResponseSchema) } },
    async (request) => ok(await account.myQuota(db, currentSession(request).userId, deps.quotas)),
  );
}
