import { z } from 'zod';
import {
  bindEmailRequestSchema,
  changePasswordRequestSchema,
  deviceListSchema,
  ErrorCode,
  inviteCodeResponseSchema,
  updateProfileRequestSchema,
  userInfoSchema,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { emptyResponse, ok, okResponse } from '../../http/envelope.js';
import type { App } from '../../http/route-types.js';
import { recordAudit } from '../audit/index.js';
import { findTokenDevice, listActiveTokens, revokeToken } from '../session/index.js';
import { currentSession } from '../session/index.js';
import { imageResponse, imageUpload, sendImage } from './avatar.http.js';
import type { AvatarStore } from './avatar.store.js';
import { presentUser } from './user.presenter.js';
import * as users from './user.service.js';

const tags = ['user'];

export function registerUserRoutes(app: App, deps: { db: Database; avatars: AvatarStore }) {
  const { db, avatars } = deps;

  app.get(
    '/api/v1/user',
    { schema: { tags, response: okResponse(userInfoSchema) } },
    async (request) => ok(presentUser(currentSession(request).user)),
  );

  app.put(
    '/api/v1/user',
    { schema: { tags, body: updateProfileRequestSchema, response: okResponse(userInfoSchema) } },
    async (request) =>
      ok(
        presentUser(
          await users.updateNickname(db, currentSession(request).userId, request.body.nickname),
        ),
      ),
  );

  app.get(
    '/api/v1/user/inviteCode',
    { schema: { tags, response: okResponse(inviteCodeResponseSchema) } },
    async (request) => {
      const user = await users.getUser(db, currentSession(request).userId);
      return ok({ inviteCode: user.inviteCode });
    },
  );

  app.put(
    '/api/v1/user/inviteCode',
    { schema: { tags, response: okResponse(inviteCodeResponseSchema) } },
    async (request) =>
      ok({ inviteCode: await users.resetInviteCode(db, currentSession(request).userId) }),
  );

  app.put(
    '/api/v1/user/password',
    { schema: { tags, body: changePasswordRequestSchema, response: emptyResponse } },
    async (request) => {
      await users.changePassword(
        db,
        currentSession(request),
        request.body.oldPassword,
        request.body.newPassword,
      );
      return ok(null);
    },
  );

  app.put(
    '/api/v1/user/email',
    { schema: { tags, body: bindEmailRequestSchema, response: okResponse(userInfoSchema) } },
    async (request) => {
      const { email, password } = request.body;
      return ok(
        presentUser(await users.bindEmail(db, currentSession(request).userId, email, password)),
      );
    },
  );

  app.post(
    '/api/v1/user/avatar',
    { schema: { tags, consumes: ['multipart/form-data'], response: okResponse(userInfoSchema) } },
    async (request) => {
      const userId = currentSession(request).userId;
      const image = await imageUpload(request);
      return ok(presentUser(await users.replaceAvatar(db, avatars, userId, image)));
    },
  );

  app.get(
    '/api/v1/user/avatar/:userId',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        params: z.object({ userId: z.coerce.number().int().positive() }),
        response: imageResponse,
      },
    },
    async (request, reply) =>
      sendImage(
        reply,
        await users.userAvatar(db, avatars, request.params.userId),
        'public, max-age=86400',
      ),
  );

  app.get(
    '/api/v1/user/devices',
    { schema: { tags, response: okResponse(deviceListSchema) } },
    async (request) => {
      const session = currentSession(request);
      const rows = await listActiveTokens(db, session.userId);
      return ok({
        list: rows.reverse().map((row) => ({
          id: row.id,
          client: row.client,
          deviceId: row.deviceId,
          deviceName: row.deviceName,
          version: row.version,
          ip: row.ip,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.id === session.tokenId,
        })),
      });
    },
  );

  app.delete(
    '/api/v1/user/devices/:id',
    { schema: { tags, params: z.object({ id: z.uuid() }), response: emptyResponse } },
    async (request) => {
      const session = currentSession(request);
      const tokenId = request.params.id;
      await db.transaction(async (tx) => {
        if (!(await revokeToken(tx, session.userId, tokenId, new Date()))) {
          throw new AppError(ErrorCode.dataMissing);
        }
        // a device logged out from another one: the address is the other one's
        const device = await findTokenDevice(tx, tokenId);
        await recordAudit(tx, {
          actorId: session.userId,
          action: 'user.logout',
          targetType: 'user',
          targetId: session.userId,
          after: { tokenId, fromTokenId: session.tokenId },
          address: request.ip,
          device: device ? device.deviceName || device.client : null,
        });
      });
      return ok(null);
    },
  );
}
