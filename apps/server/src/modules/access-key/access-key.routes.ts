// Account settings: the user's personal access keys for MCP clients.
import {
  accessKeyListSchema,
  createAccessKeyRequestSchema,
  createdAccessKeySchema,
  idParamsSchema,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { emptyResponse, ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { currentSession } from '../session/index.js';
import * as keys from './access-key.service.js';

const tags = ['user'];

export function registerAccessKeyRoutes(app: App, deps: { db: Database }) {
  const { db } = deps;

  app.get(
    '/api/v1/user/accessKey',
    { schema: { tags, response: okResponse(accessKeyListSchema) } },
    async (request) => ok(await keys.listAccessKeys(db, currentSession(request).userId)),
  );

  app.post(
    '/api/v1/user/accessKey',
    {
      schema: {
        tags,
        body: createAccessKeyRequestSchema,
        response: okResponse(createdAccessKeySchema),
      },
    },
    async (request) =>
      ok(await keys.createAccessKey(db, currentSession(request).userId, request.body, request.ip)),
  );

  app.delete(
    '/api/v1/user/accessKey/:id',
    { schema: { tags, params: idParamsSchema, response: emptyResponse } },
    async (request) => {
      const { userId } = currentSession(request);
      await keys.revokeAccessKey(db, userId, request.params.id, request.ip);
      return ok(null);
    },
  );
}
