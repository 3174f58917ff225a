// A space's icon as a picture (issue 4 §1): its admins upload one image through the avatar
// pipeline (PNG, JPEG, GIF or WebP sniffed from the bytes, at most 2 MB) and its members read
// it back. The space's `icon` then holds the root-relative path `/v2/space/{id}/icon?v=<key>`
// (the web's image path rule prefixes it with /api); emoji icons stay plain text.
import { ErrorCode, idParamsSchema, spaceDetailSchema } from '@library/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { callerId, currentSession } from '../session/session.service.js';
import { avatarMaxBytes, contentTypeOfKey, type AvatarStore } from '../user/avatar.store.js';
import { eq } from 'drizzle-orm';
import { spaces } from '../../db/schema/index.js';
import { accessSpace } from './space-access.js';
import { spaceIconKey, spaceIconPath } from './space-icon.js';
import { presentSpace } from './space.presenter.js';
import * as repo from './space.repo.js';

const tags = ['space'];

export function registerSpaceIconRoutes(app: App, deps: { db: Database; avatars: AvatarStore }) {
  const { db, avatars } = deps;
  // a missing image is fine, so the job may run twice
  app.jobs.handle(Job.removeSpaceIcon, async ({ key }) => {
    await avatars.remove(key);
  });

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
      const spaceId = request.params.id;
      // access first: an outsider's bytes are never stored
      await accessSpace(db, userId, spaceId, 'manage');
      // busboy's own limit sits above ours: the upload meter answers 700107 at 2 MB + 1 byte
      const file = await request.file({ limits: { fileSize: avatarMaxBytes + 1, files: 1 } });
      if (!file) throw new AppError(ErrorCode.paramError, { detail: 'file' });
      const key = await avatars.save(file.file);
      let previous: string | null;
      try {
        previous = await db.transaction(async (tx) => {
          await accessSpace(tx, userId, spaceId, 'manage');
          // the row lock makes two uploads at once replace each other's image, never leak one
          const [locked] = await tx
            .select({ icon: spaces.icon })
            .from(spaces)
            .where(eq(spaces.id, spaceId))
            .for('update');
          await repo.updateSpace(tx, spaceId, { icon: spaceIconPath(spaceId, key) });
          return spaceIconKey(spaceId, locked?.icon);
        });
      } catch (error) {
        await avatars.remove(key).catch(() => undefined);
        throw error;
      }
      if (previous) await avatars.remove(previous).catch(() => undefined);
      const { space, role } = await accessSpace(db, userId, spaceId, 'read');
      return ok(presentSpace(space, role));
    },
  );

  app.get(
    '/api/v2/space/:id/icon',
    { config: { auth: 'optional' }, schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      const { space } = await accessSpace(db, callerId(request), request.params.id, 'read');
      const key = spaceIconKey(space.id, space.icon);
      if (!key) throw new AppError(ErrorCode.fileMissing);
      return (
        reply
          .type(contentTypeOfKey(key))
          .header('x-content-type-options', 'nosniff')
          // members and visitors; a new upload gets a new `?v=`, so the old answer may stay cached
          .header('cache-control', 'private, max-age=86400')
          .send(await avatars.read(key))
      );
    },
  );
}
