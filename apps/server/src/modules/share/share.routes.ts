// Shares: managing a space's links (members), and reading through a link
// (anyone holding it; `auth: 'none'`, the link and its grant are the credential).
import type { FastifyRequest } from 'fastify';
import {
  ErrorCode,
  commentListQuerySchema,
  commentListSchema,
  createShareRequestSchema,
  idParamsSchema,
  pageBlocksSchema,
  pageDetailSchema,
  shareFileParamsSchema,
  shareFileQuerySchema,
  shareGrantHeader,
  shareGrantQuery,
  aiStreamEventSchema,
  shareAskRequestSchema,
  shareGrantSchema,
  shareMetaSchema,
  sharePageParamsSchema,
  shareSchema,
  shareSettingsRequestSchema,
  shareSpaceParamsSchema,
  shareTokenParamsSchema,
  shareUnlockRequestSchema,
  spaceShareListSchema,
  spaceTreeSchema,
  updateShareRequestSchema,
} from '@library/contract';
import { AppError } from '../../http/app-error.js';
import { emptyResponse, ok, okResponse, sendSerialised } from '../../http/envelope.js';
import { requestLocale } from '../../http/locale.js';
import { eventStreamResponse } from '../../http/openapi.js';
import type { App } from '../../http/route-types.js';
import { requestedRange, sendFile, storedFileResponse } from '../../http/send-file.js';
import type { KeyCipher } from '../../infra/llm/key-cipher.js';
import { streamEvents } from '../ai/index.js';
import { currentSession } from '../session/index.js';
import { shareAsk, startShareAsk } from './share-ask.service.js';
import * as view from './share-view.service.js';
import * as shares from './share.service.js';

const tags = ['share'];
/** Reading through a link needs no account: the token (and a protected share's grant) is all. */
const open = { auth: 'none' } as const;
/** Password guesses per client address (counted with the API's limits, Redis when configured). */
export const unlockPerIpPerMinute = 10;
/** Password guesses per share from everyone together. */
export const unlockPerSharePerMinute = 30;
/** AI questions per client address through share links (each one runs the model). */
export const askPerIpPerMinute = 10;

/** The grant sent along: the header for API calls, `?grant=` for file URLs (img, a, video). */
function grantOf(request: FastifyRequest): string | undefined {
  const header = request.headers[shareGrantHeader];
  if (typeof header === 'string' && header) return header;
  const query = request.query as Record<string, unknown> | undefined;
  const value = query?.[shareGrantQuery];
  return typeof value === 'string' && value ? value : undefined;
}

export function registerShareRoutes(
  app: App,
  deps: view.ShareViewDeps & {
    /** opens the model provider's API key (AI questions) */
    cipher: KeyCipher;
    modelTimeoutMs: number;
  },
) {
  const { db } = deps;
  const askDeps = {
    ...deps,
    log: app.log,
    timeouts: { firstTokenMs: deps.modelTimeoutMs, idleMs: deps.modelTimeoutMs },
  };
  const me = (request: FastifyRequest) => currentSession(request).userId;

  // --- managing --------------------------------------------------------------------------

  app.post(
    '/api/v1/share',
    { schema: { tags, body: createShareRequestSchema, response: okResponse(shareSchema) } },
    async (request) => ok(await shares.createShare(db, me(request), request.body, request.ip)),
  );

  app.get(
    '/api/v1/share/space/:spaceId',
    {
      schema: { tags, params: shareSpaceParamsSchema, response: okResponse(spaceShareListSchema) },
    },
    async (request) => ok(await shares.listSpaceShares(db, me(request), request.params.spaceId)),
  );

  app.put(
    '/api/v1/share/space/:spaceId/settings',
    {
      schema: {
        tags,
        params: shareSpaceParamsSchema,
        body: shareSettingsRequestSchema,
        response: emptyResponse,
      },
    },
    async (request) => {
      const { spaceId } = request.params;
      await shares.setShareSettings(
        db,
        me(request),
        spaceId,
        request.body.editorsMayShare,
        request.ip,
      );
      return ok(null);
    },
  );

  app.put(
    '/api/v1/share/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: updateShareRequestSchema,
        response: okResponse(shareSchema),
      },
    },
    async (request) =>
      ok(await shares.updateShare(db, me(request), request.params.id, request.body, request.ip)),
  );

  app.delete(
    '/api/v1/share/:id',
    { schema: { tags, params: idParamsSchema, response: emptyResponse } },
    async (request) => {
      await shares.revokeShare(db, me(request), request.params.id, request.ip);
      return ok(null);
    },
  );

  // --- reading through a link ------------------------------------------------------------

  app.get(
    '/api/v1/share/s/:token',
    {
      config: open,
      schema: { tags, params: shareTokenParamsSchema, response: okResponse(shareMetaSchema) },
    },
    async (request) => ok(await view.shareMeta(deps, request.params.token, grantOf(request))),
  );

  // Limited per client address by the route's limit and per share by the hook below, both
  // answering 429 before the password is looked at; repeated failures lock the share too.
  const perShare = app.createRateLimit({
    max: unlockPerSharePerMinute,
    timeWindow: '1 minute',
    skipOnError: false,
    keyGenerator: (request) =>
      `share:${(request.params as { token?: string } | undefined)?.token ?? ''}`,
  });
  // (not `app.rateLimit`: that hook stands down once the route's own limit has run)
  const limitPerShare = async (request: FastifyRequest) => {
    const counted = await perShare(request);
    if (!counted.isAllowed && counted.isExceeded) {
      throw new AppError(ErrorCode.tooFrequent, {
        status: 429,
        data: { retryAfter: counted.ttlInSeconds },
      });
    }
  };
  app.post(
    '/api/v1/share/s/:token/unlock',
    {
      config: {
        ...open,
        rateLimit: { max: unlockPerIpPerMinute, timeWindow: '1 minute', skipOnError: false },
      },
      preHandler: limitPerShare,
      schema: {
        tags,
        params: shareTokenParamsSchema,
        body: shareUnlockRequestSchema,
        response: okResponse(shareGrantSchema),
      },
    },
    async (request) =>
      ok(await view.unlockShare(deps, request.params.token, request.body.password)),
  );

  app.get(
    '/api/v1/share/s/:token/tree',
    {
      config: open,
      schema: { tags, params: shareTokenParamsSchema, response: okResponse(spaceTreeSchema) },
    },
    async (request) => ok(await view.shareTree(deps, request.params.token, grantOf(request))),
  );

  app.get(
    '/api/v1/share/s/:token/page/:pageId',
    {
      config: open,
      schema: { tags, params: sharePageParamsSchema, response: okResponse(pageDetailSchema) },
    },
    async (request) => {
      const { token, pageId } = request.params;
      return ok(await view.sharePage(deps, token, grantOf(request), pageId));
    },
  );

  app.get(
    '/api/v1/share/s/:token/page/:pageId/blocks',
    {
      config: open,
      schema: { tags, params: sharePageParamsSchema, response: okResponse(pageBlocksSchema) },
    },
    async (request, reply) => {
      const { token, pageId } = request.params;
      return sendSerialised(
        reply,
        await view.shareBlocksJson(deps, token, grantOf(request), pageId),
      );
    },
  );

  app.get(
    '/api/v1/share/s/:token/page/:pageId/comment',
    {
      config: open,
      schema: {
        tags,
        params: sharePageParamsSchema,
        querystring: commentListQuerySchema,
        response: okResponse(commentListSchema),
      },
    },
    async (request) => {
      const { token, pageId } = request.params;
      const { page, pageSize } = request.query;
      return ok(await view.shareComments(deps, token, grantOf(request), pageId, page, pageSize));
    },
  );

  app.post(
    '/api/v1/share/s/:token/ask',
    {
      config: {
        ...open,
        rateLimit: { max: askPerIpPerMinute, timeWindow: '1 minute', skipOnError: false },
      },
      schema: {
        tags,
        params: shareTokenParamsSchema,
        body: shareAskRequestSchema,
        response: eventStreamResponse(
          'Server-sent events, as the AI chat streams them (`{referDocList}` once, `{delta}` ' +
            'pieces, then the final `{answer, id: "", prompt: "", referDocList}`); only the ' +
            "shared pages' passages are cited; a failure mid-stream sends code 100001",
          aiStreamEventSchema,
        ),
      },
    },
    async (request, reply) => {
      // the link, its grant and its AI are checked (404, 710001) before anything streams
      const source = await startShareAsk(askDeps, request.params.token, grantOf(request));
      const target = {
        response: reply.raw,
        requestId: request.id,
        locale: requestLocale(request),
        log: request.log,
      };
      reply.hijack();
      await streamEvents(target, (events, signal) =>
        shareAsk(askDeps, source, request.body.question, events, signal),
      );
    },
  );

  for (const download of [false, true]) {
    app.get(
      `/api/v1/share/s/:token/file/:fileId${download ? '/download' : ''}`,
      {
        config: open,
        schema: {
          tags,
          params: shareFileParamsSchema,
          querystring: shareFileQuerySchema,
          response: storedFileResponse(download ? 'attachment' : 'inline'),
        },
      },
      async (request, reply) => {
        const { token, fileId } = request.params;
        const bytes = await view.shareFile(
          deps,
          token,
          grantOf(request),
          fileId,
          download,
          requestedRange(request),
        );
        return sendFile(reply, bytes, {
          disposition: download ? 'attachment' : 'inline',
          cacheControl: 'private, no-store',
        });
      },
    );
  }
}
