// `POST /api/v1/ai/convert` (docs/api.md 'AI in the editor'): a page or a topic to the other
// script, offline, in place or as a copy. Needs no model and no space AI.
import { aiConvertRequestSchema, aiConvertResultSchema } from '@library/contract';
import type { Database } from '../../db/database.js';
import { ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { currentSession } from '../session/index.js';
import { convertScript } from './script.service.js';

export function registerScriptRoutes(app: App, deps: { db: Database }) {
  app.post(
    '/api/v1/ai/convert',
    {
      schema: {
        tags: ['ai'],
        body: aiConvertRequestSchema,
        response: okResponse(aiConvertResultSchema),
      },
    },
    async (request) =>
      ok(await convertScript(deps.db, currentSession(request).userId, request.body)),
  );
}
