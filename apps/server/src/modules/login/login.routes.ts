import type { FastifyRequest } from 'fastify';
import {
  loginRequestSchema,
  loginResponseSchema,
  smsCodeRequestSchema,
  smsCodeResponseSchema,
  smsLoginRequestSchema,
} from '@library/contract';
import { emptyResponse, ok, okResponse } from '../../http/envelope.js';
import { requestLocale } from '../../http/locale.js';
import type { App } from '../../http/route-types.js';
import { recordAudit } from '../audit/index.js';
import { currentSession } from '../session/index.js';
import { findTokenDevice, revokeToken } from '../session/index.js';
import { deviceOf, loginWithPassword, loginWithSms, type LoginDeps } from './login.service.js';
import { sendCode, type SmsCodeDeps } from './sms-code.service.js';

const tags = ['login'];
/**
 * Tighter per-IP limit on the calls that guess secrets or cost money. Unlike the rest of the API
 * these are refused (not let through) while the counters' Redis does not answer.
 */
const loginRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute', skipOnError: false } };

const origin = (request: FastifyRequest) => ({
  ip: request.ip,
  locale: requestLocale(request),
});

export function registerLoginRoutes(app: App, deps: LoginDeps & SmsCodeDeps) {
  app.post(
    '/api/v1/user/login',
    {
      config: { auth: 'none', ...loginRateLimit },
      schema: { tags, body: loginRequestSchema, response: okResponse(loginResponseSchema) },
    },
    async (request) => ok(await loginWithPassword(deps, request.body, origin(request))),
  );

  app.post(
    '/api/v1/user/smsCode',
    {
      config: { auth: 'none', ...loginRateLimit },
      schema: { tags, body: smsCodeRequestSchema, response: okResponse(smsCodeResponseSchema) },
    },
    async (request) => ok(await sendCode(deps, request.body.mobile, request.ip)),
  );

  app.post(
    '/api/v1/user/smsCodeRegLogin',
    {
      config: { auth: 'none', ...loginRateLimit },
      schema: { tags, body: smsLoginRequestSchema, response: okResponse(loginResponseSchema) },
    },
    async (request) => ok(await loginWithSms(deps, request.body, origin(request))),
  );

  app.delete(
    '/api/v1/user/logout',
    { schema: { tags, response: emptyResponse } },
    async (request, reply) => {
      const session = currentSession(request);
      await deps.db.transaction(async (tx) => {
        if (!(await revokeToken(tx, session.userId, session.tokenId, new Date()))) return;
        const device = await findTokenDevice(tx, session.tokenId);
        await recordAudit(tx, {
          actorId: session.userId,
          action: 'user.logout',
          targetType: 'user',
          targetId: session.userId,
          after: { tokenId: session.tokenId },
          address: request.ip,
          device: device ? deviceOf(device) : null,
        });
      });
      reply.clearCookie('token', { path: '/' });
      return ok(null);
    },
  );
}
