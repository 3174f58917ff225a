// AI chat routes (docs/api.md 'AI chat'): model providers for system administrators, space AI,
// conversations, history and the streamed answer (server-sent events). The index jobs are wired
// in app.ts.
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
  aiStreamEventSchema,
  aiWriteEventSchema,
  aiWriteLimits,
  aiWriteRequestSchema,
  aiWriteUsageListSchema,
  aiWriteUsageQuerySchema,
  createAiSessionRequestSchema,
  enableSpaceAiRequestSchema,
  idParamsSchema,
  spaceAiDetailSchema,
  spaceAiSettingsRequestSchema,
  updateAiSessionRequestSchema,
  type Quotas,
} from '@library/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { emptyResponse, ok, okResponse } from '../../http/envelope.js';
import { requestLocale } from '../../http/locale.js';
import { eventStreamResponse } from '../../http/openapi.js';
import type { App } from '../../http/route-types.js';
import type { KeyCipher } from '../../infra/llm/key-cipher.js';
import { callerId, currentSession, watchRevocation } from '../session/index.js';
import { presentProvider, presentSession } from './ai.presenter.js';
import * as conversations from './conversation.service.js';
import {
  startConverse,
  streamAnswer,
  streamEvents,
  type StreamTarget,
} from './converse.service.js';
import * as providers from './provider.service.js';
import * as spaceAi from './space-ai.service.js';
import { runWrite, startWrite } from './write.service.js';
import { writeUsage } from './write-usage.service.js';

const tags = ['ai'];
const spaceParams = z.object({ spaceId: idParamsSchema.shape.id });

export function registerAiRoutes(
  app: App,
  deps: {
    db: Database;
    /** seals and opens the providers' API keys */
    cipher: KeyCipher;
    modelTimeoutMs: number;
    /** the site's quotas (AI writing's monthly uses) */
    quotas: Quotas;
  },
) {
  const { db, cipher } = deps;
  const me = (request: FastifyRequest) => currentSession(request).userId;
  /** the caller and their request's address, for the audit log */
  const actor = (request: FastifyRequest) => ({ id: me(request), address: request.ip });

  /** Where an answer streams: the raw response, stopped when the asker's session is revoked. */
  const streamTarget = (request: FastifyRequest, reply: FastifyReply): StreamTarget => ({
    response: reply.raw,
    requestId: request.id,
    locale: requestLocale(request),
    log: request.log,
    watchRevocation: (onRevoked) =>
      watchRevocation(db, app.sessions, currentSession(request), onRevoked),
  });

  // ---- model providers (system administrators) ----
  const providerParams = idParamsSchema;
  app.get(
    '/api/system/v1/ai/provider',
    { schema: { tags, response: okResponse(aiProviderListSchema) } },
    async (request) =>
      ok({ list: (await providers.listProviders(db, me(request))).map(presentProvider) }),
  );
  app.post(
    '/api/system/v1/ai/provider',
    { schema: { tags, body: aiProviderInputSchema, response: okResponse(aiProviderSchema) } },
    async (request) =>
      ok(presentProvider(await providers.createProvider(db, actor(request), cipher, request.body))),
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
    async (request) => ok(await providers.testProvider(db, me(request), cipher, request.body)),
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
      const row = await providers.updateProvider(
        db,
        actor(request),
        cipher,
        request.params.id,
        request.body,
      );
      return ok(presentProvider(row));
    },
  );
  app.delete(
    '/api/system/v1/ai/provider/:id',
    { schema: { tags, params: providerParams, response: emptyResponse } },
    async (request) => {
      await providers.deleteProvider(db, actor(request), request.params.id);
      return ok(null);
    },
  );

  // ---- conversations (static 'chat' paths before the space id ones) ----
  app.get(
    '/api/v1/ai/chat/:chatId/session',
    { schema: { tags, params: aiChatParamsSchema, response: okResponse(aiSessionListSchema) } },
    async (request) => {
      const rows = await conversations.listSessions(db, me(request), request.params.chatId);
      return ok({ list: rows.map(presentSession) });
    },
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
    async (request) => {
      const { chatId } = request.params;
      const row = await conversations.createSession(db, me(request), chatId, request.body.name);
      return ok(presentSession(row));
    },
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
    async (request) => {
      const row = await conversations.updateSession(
        db,
        me(request),
        request.params.id,
        request.body,
      );
      return ok(presentSession(row));
    },
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
    {
      schema: {
        tags,
        params: aiChatParamsSchema,
        body: aiConverseStreamRequestSchema,
        response: eventStreamResponse(
          'Server-sent events, each one `data: <envelope>` line and a blank line: ' +
            '`{referDocList}` once, then `{delta}` pieces, then the final ' +
            '`{answer, id, prompt, referDocList}`; a failure mid-stream sends code 100001 with ' +
            'data null and ends the stream',
          aiStreamEventSchema,
        ),
      },
    },
    async (request, reply) => {
      // access is checked (404) before anything streams
      const access = await startConverse(
        converseDeps,
        me(request),
        request.params.chatId,
        request.body.sessionId,
      );
      const target = streamTarget(request, reply);
      reply.hijack();
      await streamAnswer(converseDeps, access, request.body.question, target);
    },
  );

  // ---- AI writing in the editor ----
  const writeDeps = { ...converseDeps, quotas: deps.quotas };
  app.post(
    '/api/v1/ai/write',
    {
      bodyLimit: aiWriteLimits.bodyBytes,
      schema: {
        tags,
        body: aiWriteRequestSchema,
        response: eventStreamResponse(
          'Server-sent events, each one `data: <envelope>` line and a blank line: `{delta}` ' +
            "pieces of the model's Markdown, then the final `{blocks}` (msg 'ok'); the script " +
            'conversions send the final blocks only. Refusals (404 + 100007, 100002, 700068, ' +
            '700014, 700013, 700113) are plain JSON answers before the stream; a failure ' +
            'mid-stream sends code 100001 with data null and ends the stream',
          aiWriteEventSchema,
        ),
      },
    },
    async (request, reply) => {
      // every refusal is answered before anything streams
      const plan = await startWrite(writeDeps, me(request), request.body);
      const target = streamTarget(request, reply);
      reply.hijack();
      await streamEvents(target, (events, signal) => runWrite(writeDeps, plan, events, signal));
    },
  );
  app.get(
    '/api/system/v1/ai/write/usage',
    {
      schema: {
        tags,
        querystring: aiWriteUsageQuerySchema,
        response: okResponse(aiWriteUsageListSchema),
      },
    },
    async (request) => ok(await writeUsage(db, me(request), deps.quotas, request.query)),
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
