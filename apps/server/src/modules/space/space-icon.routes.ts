// The space icon's upload and image (space-icon.service.ts).
import { idParamsSchema, spaceDetailSchema } from '@library/contract';
import type { Database } from '../../db/database.js';
import { ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { callerId, currentSession } from '../session/index.js';
import { imageResponse, imageUpload, sendImage } from '../user/index.js';
import type { AvatarStore } from '../user/index.js';
import { replaceSpaceIcon, spaceIcon } from './space-icon.service.js';

const tags = ['space'];

export function registerSpaceIconRoutes(app: App, deps: { db: Database; avatars: AvatarStore }) {
  const { db, avatars } = deps;

  app.post(
    '/api/v2/space/:id/icon',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: okResponse(spaceDetailSchema),
      },
    },
    async (request) => {
      const userId = currentSession(request).userId;
      const upload = () => imageUpload(request);
      return ok(await replaceSpaceIcon(db, avatars, userId, request.params.id, upload));
    },
  );

  app.get(
    '/api/v2/space/:id/icon',
    {
      config: { auth: 'optional' },
      schema: { tags, params: idParamsSchema, response: imageResponse },
    },
    async (request, reply) =>
      sendImage(
        reply,
        await spaceIcon(db, avatars, callerId(request), request.params.id),
        // members and visitors; a new upload gets a new `?v=`, so the old answer may stay cached
        'private, max-age=86400',
      ),
  );
}
