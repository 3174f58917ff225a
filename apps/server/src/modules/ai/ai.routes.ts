// AI chat routes (docs/api.md 'AI chat'): model providers for system administrators, space AI,
// conversations, history and the streamed answer (server-sent events), plus the index jobs.
import {
  aiChatParamsSchema,
  aiConverseListSchema,
  aiConverseParamsSchema,
  aiConverseStreamRequestSchema,
  aiProviderInputSchema,
  aiProviderListSchema,
  aiProviderSchema,
  aiProviderTestRequestSchema,
  aiProviderTestResultSchema,
  aiSessionListSchema,
  aiSessionSchema,
  createAiSessionRequestSchema,
  enableSpaceAiRequestSchema,
  ErrorCode,
  errorMessage,
  idParamsSchema,
  Role,
  spaceAiDetailSchema,
  spaceAiSettingsRequestSchema,
  updateAiSessionRequestSchema,
  type Envelope,
} from '@library/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { emptyResponse, ok, okResponse } from '../../http/envelope.js';
import { requestLocale } from '../../http/locale.js';
import type { App } from '../../http/route-types.js';
import { createKeyCipher, loadSecret } from '../../infra/llm/key-cipher.js';
import { LlmError } from '../../infra/llm/openai-compatible.js';
import { callerId, currentSession } from '../session/session.service.js';
import { listRoles } from '../user/user.repo.js';
import * as conversations from './conversation.service.js';
import { converse, startConverse } from './converse.service.js';
import { embedderOf } from './embedding.js';
import { registerIndexJobs } from './index.service.js';
import * as providers from './provider.service.js';
import * as spaceAi from './space-ai.service.js';

const tags = ['ai'];
const spaceParams = z.object({ spaceId: idParamsSchema.shape.id });

export function registerAiRoutes(
  app: App,
  deps: {
    db: Database;
    dataDir: string;
    secret: string | undefined;
    modelTimeoutMs: number;
    /** PostgreSQL vacuums by itself; on PGlite a job does it after indexing */
    autovacuum: boolean;
  },
) {
  const { db } = deps;
  const cipher = createKeyCipher(loadSecret(deps.secret, deps.dataDir));
  const me = (request: FastifyRequest) => currentSession(request).userId;
  const admin = async (request: FastifyRequest) => {
    const roles = await listRoles(db, me(request));
    if (!roles.includes(Role.admin))
      throw new AppError(ErrorCode.permissionDenied, { status: 403 });
  };

  registerIndexJobs(
    app.jobs,
    db,
    async () => embedderOf(await providers.activeProvider(db, cipher)),
    app.log,
    deps.autovacuum,
  );

  // ---- model providers (system administrators) ----
  const providerParams = idParamsSchema;
  app.get(
    '/api/system/v1/ai/provider',
    { schema: { tags, response: okResponse(aiProviderListSchema) } },
    async (request) => {
      await admin(request);
      return ok({ list: (await providers.listProviders(db)).map(providers.presentProvider) });
    },
  );
  app.post(
    '/api/system/v1/ai/provider',
    { schema: { tags, body: aiProviderInputSchema, response: okResponse(aiProviderSchema) } },
    async (request) => {
      await admin(request);
      return ok(
        providers.presentProvider(await providers.createProvider(db, cipher, request.body)),
      );
    },
  );
  app.post(
    '/api/system/v1/ai/provider/test',
    {
      schema: {
        tags,
        body: aiProviderTestRequestSchema,
        response: okResponse(aiProviderTestResultSchema),
      },
    },
    async (request) => {
      await admin(request);
      return ok(await providers.testProvider(db, cipher, request.body));
    },
  );
  app.put(
    '/api/system/v1/ai/provider/:id',
    {
      schema: {
        tags,
        params: providerParams,
        body: aiProviderInputSchema,
        response: okResponse(aiProviderSchema),
      },
    },
    async (request) => {
      await admin(request);
      const row = await providers.updateProvider(db, cipher, request.params.id, request.body);
      return ok(providers.presentProvider(row));
    },
  );
  app.delete(
    '/api/system/v1/ai/provider/:id',
    { schema: { tags, params: providerParams, response: emptyResponse } },
    async (request) => {
      await admin(request);
      await providers.deleteProvider(db, request.params.id);
      return ok(null);
    },
  );

  // ---- conversations (static 'chat' paths before the space id ones) ----
  app.get(
    '/api/v1/ai/chat/:chatId/session',
    { schema: { tags, params: aiChatParamsSchema, response: okResponse(aiSessionListSchema) } },
    async (request) =>
      ok({ list: await conversations.listSessions(db, me(request), request.params.chatId) }),
  );
  app.post(
    '/api/v1/ai/chat/:chatId/session',
    {
      schema: {
        tags,
        params: aiChatParamsSchema,
        body: createAiSessionRequestSchema,
        response: okResponse(aiSessionSchema),
      },
    },
    async (request) =>
      ok(
        await conversations.createSession(
          db,
          me(request),
          request.params.chatId,
          request.body.name,
        ),
      ),
  );
  app.put(
    '/api/v1/ai/chat/session/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: updateAiSessionRequestSchema,
        response: okResponse(aiSessionSchema),
      },
    },
    async (request) =>
      ok(await conversations.updateSession(db, me(request), request.params.id, request.body)),
  );
  app.delete(
    '/api/v1/ai/chat/session/:id',
    { schema: { tags, params: idParamsSchema, response: emptyResponse } },
    async (request) => {
      await conversations.deleteSession(db, me(request), request.params.id);
      return ok(null);
    },
  );
  app.get(
    '/api/v1/ai/chat/:chatId/converse/:sessionId',
    {
      schema: { tags, params: aiConverseParamsSchema, response: okResponse(aiConverseListSchema) },
    },
    async (request) =>
      ok({
        list: await conversations.history(
          db,
          me(request),
          request.params.chatId,
          request.params.sessionId,
        ),
      }),
  );

  const converseDeps = {
    db,
    cipher,
    log: app.log,
    timeouts: { firstTokenMs: deps.modelTimeoutMs, idleMs: deps.modelTimeoutMs },
  };
  app.post(
    '/api/v1/ai/chat/:chatId/converse/stream',
    { schema: { tags, params: aiChatParamsSchema, body: aiConverseStreamRequestSchema } },
    async (request, reply) => {
      const access = await startConverse(
        converseDeps,
        me(request),
        request.params.chatId,
        request.body.sessionId,
      );
      const locale = requestLocale(request);
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      raw.flushHeaders();
      const controller = new AbortController();
      // The response closing before we end it means the client went away: stop the model.
      raw.on('close', () => {
        if (!raw.writableFinished) controller.abort(new Error('client closed the stream'));
      });
      const send = (event: Envelope<unknown>) => {
        if (!raw.writableEnded && !raw.destroyed) raw.write(`data: ${JSON.stringify(event)}\n\n`);
      };
      try {
        const final = await converse(
          converseDeps,
          access,
          request.body.question,
          {
            references: (referDocList) => send({ code: 0, data: { referDocList }, msg: '' }),
            delta: (delta) => send({ code: 0, data: { delta }, msg: '' }),
          },
          controller.signal,
        );
        send({ code: 0, data: final, msg: 'ok' });
      } catch (error) {
        if (!controller.signal.aborted) {
          request.log.warn({ err: error }, 'AI answer failed');
          const detail = error instanceof LlmError ? error.message : `request id ${request.id}`;
          send({
            code: ErrorCode.serverError,
            data: null,
            msg: `${errorMessage(ErrorCode.serverError, locale)}: ${detail}`,
          });
        }
      } finally {
        if (!raw.writableEnded) raw.end();
      }
    },
  );

  // ---- space AI ----
  app.get(
    '/api/v1/ai/:spaceId',
    {
      config: { auth: 'optional' },
      schema: { tags, params: spaceParams, response: okResponse(spaceAiDetailSchema) },
    },
    async (request) => ok(await spaceAi.getSpaceAi(db, callerId(request), request.params.spaceId)),
  );
  app.post(
    '/api/v1/ai/:spaceId/enable',
    {
      schema: {
        tags,
        params: spaceParams,
        body: enableSpaceAiRequestSchema,
        response: okResponse(spaceAiDetailSchema),
      },
    },
    async (request) =>
      ok(await spaceAi.enableSpaceAi(db, me(request), request.params.spaceId, request.body.enable)),
  );
  app.put(
    '/api/v1/ai/:spaceId/settings',
    {
      schema: {
        tags,
        params: spaceParams,
        body: spaceAiSettingsRequestSchema,
        response: okResponse(spaceAiDetailSchema),
      },
    },
    async (request) =>
      ok(
        await spaceAi.updateSpaceAiSettings(db, me(request), request.params.spaceId, request.body),
      ),
  );
  app.post(
    '/api/v1/ai/:spaceId/reindex',
    { schema: { tags, params: spaceParams, response: okResponse(spaceAiDetailSchema) } },
    async (request) => ok(await spaceAi.reindexSpaceAi(db, me(request), request.params.spaceId)),
  );
}
