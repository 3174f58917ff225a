// Builds the HTTP application: plugins, the auth hook, every module's routes, docs, web app.
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@library/contract';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { AppError } from './http/app-error.js';
import { installErrorHandler } from './http/error-handler.js';
import { validatorCompiler } from './http/input-text.js';
import { trackRouteMethods } from './http/method-not-allowed.js';
import { openApiOptions } from './http/openapi.js';
import type { App } from './http/route-types.js';
import { Job } from './infra/jobs/job-catalogue.js';
import { createJobQueue } from './infra/jobs/job-queue.js';
import { createKeyCipher } from './infra/llm/key-cipher.js';
import { createPaymentProviders } from './infra/payment/payment.js';
import { createAliyunSmsProvider } from './infra/sms/aliyun-provider.js';
import { createConsoleSmsProvider } from './infra/sms/console-provider.js';
import type { SmsProvider } from './infra/sms/sms-provider.js';
import { readOrCreateSecret } from './infra/secrets.js';
import { createStorage } from './infra/storage/storage.js';
import { registerAccountRoutes } from './modules/account/account.routes.js';
import { registerFriendRoutes } from './modules/addrbook/friend.routes.js';
import { registerInviteRoutes } from './modules/addrbook/invite.routes.js';
import { registerTeamInviteRoutes } from './modules/addrbook/team-invite.routes.js';
import { registerTeamRoutes } from './modules/addrbook/team.routes.js';
import { registerAdminRoutes } from './modules/admin/admin.routes.js';
import { registerAiRoutes } from './modules/ai/ai.routes.js';
import {
  indexFileHandler,
  indexPageHandler,
  reindexSpaceHandler,
  vacuumIndexHandler,
  type IndexDeps,
} from './modules/ai/index.service.js';
import { createPreviewSigner } from './modules/file/file.preview.js';
import { createBlocksCache } from './modules/page/blocks-cache.js';
import { removeBytesHandler } from './modules/file/file.recycle.js';
import { registerFileRoutes } from './modules/file/file.routes.js';
import type { FileDeps } from './modules/file/file.service.js';
import {
  expireTransferHandler,
  runTransferHandler,
  type TransferDeps,
} from './modules/transfer/transfer.service.js';
import { registerTransferRoutes } from './modules/transfer/transfer.routes.js';
import { sweepTempHandler } from './modules/file/file.sweep.js';
import { extractTextHandler } from './modules/file/file.text.js';
import { registerHistoryRoutes } from './modules/history/history.routes.js';
import { registerLoginRoutes } from './modules/login/login.routes.js';
import { registerMcpRoutes } from './modules/mcp/mcp.routes.js';
import { registerMcpServer } from './modules/mcp/mcp-endpoint.js';
import { registerAccessKeyRoutes } from './modules/access-key/access-key.routes.js';
import { createAccessKeyCache } from './modules/access-key/access-key-cache.js';
import { presentedAccessKey, resolveAccessKey } from './modules/access-key/access-key.service.js';
import { registerNoteRoutes } from './modules/note/note.routes.js';
import {
  indexAllForSearch,
  vacuumSearchIndex,
  indexFileForSearch,
  indexPageForSearch,
} from './modules/search/search.index.js';
import { registerSearchRoutes } from './modules/search/search.routes.js';
import { registerOrderAdminRoutes } from './modules/order/order-admin.routes.js';
import { registerOrderRoutes } from './modules/order/order.routes.js';
import { registerPayNotifyRoutes } from './modules/order/pay-notify.routes.js';
import {
  checkRefundHandler,
  expireOrderHandler,
  type OrderDeps,
} from './modules/order/payment.service.js';
import { registerPageRoutes } from './modules/page/page.routes.js';
import { registerRecycleRoutes } from './modules/recycle/recycle.routes.js';
import { createGrantSigner } from './modules/share/share.grant.js';
import { registerShareRoutes } from './modules/share/share.routes.js';
import { createSessionCache } from './modules/session/session-cache.js';
import { createSessionResolver } from './modules/session/session.service.js';
import { createAccessCache } from './modules/space/access-cache.js';
import { registerMemberRoutes } from './modules/space/member.routes.js';
import { registerSpaceIconRoutes } from './modules/space/space-icon.routes.js';
import { registerSpaceRoutes } from './modules/space/space.routes.js';
import { registerBackupRoutes } from './modules/system/backup.routes.js';
import { registerSystemRoutes } from './modules/system/system.routes.js';
import { createFromTemplateHandler } from './modules/template/template.service.js';
import { registerTemplateRoutes } from './modules/template/template.routes.js';
import { registerTreeRoutes } from './modules/tree/tree.routes.js';
import { createAvatarStore } from './modules/user/avatar.store.js';
import { registerUserRoutes } from './modules/user/user.routes.js';
import { registerWeb } from './web.js';

export const version = '0.1.0';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** replaces the configured SMS provider (tests use a fake gateway) */
  sms?: SmsProvider;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    // a line per request only when asked for (LOG_LEVEL=debug or trace): at the default level
    // the log keeps what an operator reads — start-up, warnings, errors with their request id
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  const allowedMethods = trackRouteMethods(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  // Counters in Redis when REDIS_URL is set (shared by every instance), else in this process.
  // A Redis that does not answer lets requests through rather than failing them; it is waited
  // for once at start-up (at most a second), then reconnected to in the background.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        connectTimeout: 1000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: true,
      })
    : undefined;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis unavailable'));
    await redis.connect().catch(() => undefined);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    redis,
    nameSpace: 'library-rate-limit:',
    skipOnError: true,
    // The API is limited; the web app's files are not (one page load fetches dozens of chunks).
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) =>
      new AppError(ErrorCode.tooFrequent, {
        status: 429,
        data: { retryAfter: Math.ceil(context.ttl / 1000) },
      }),
  });
  await app.register(swagger, openApiOptions(version));
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const sessions = await createSessionCache(database);
  app.addHook('onClose', () => sessions.close());
  app.decorate('sessions', sessions);
  const accessKeys = createAccessKeyCache(sessions);
  const access = await createAccessCache(database);
  app.addHook('onClose', () => access.close());
  app.decorate('access', access);
  const resolveSession = createSessionResolver(database.db, config.trustedOrigins, sessions);
  app.decorateRequest('session', null);
  // A logged-in write answers once what it committed has been heard: a token it revoked, a user
  // it changed, a member it removed or a page it saved is forgotten by every instance before the
  // writer's next request.
  app.decorateRequest('sessionEpoch', 0);
  app.decorateRequest('accessEpoch', 0);
  app.addHook('onRequest', async (request) => {
    request.sessionEpoch = sessions.epoch();
    request.accessEpoch = access.epoch();
  });
  app.addHook('onSend', async (request) => {
    if (request.session && request.method !== 'GET' && request.method !== 'HEAD') {
      await Promise.all([
        sessions.settled(request.sessionEpoch),
        access.settled(request.accessEpoch),
      ]);
    }
  });
  app.decorateRequest('accessKey', null);
  app.addHook('preHandler', async (request) => {
    const auth = request.routeOptions.config.auth ?? 'required';
    if (auth === 'none' || !request.routeOptions.url?.startsWith('/api/')) return;
    if (request.routeOptions.url.startsWith('/api/docs')) return;
    // a personal access key opens the MCP view only (access-key.service.ts)
    const key = presentedAccessKey(request);
    if (key !== undefined) {
      if (auth !== 'accessKey') {
        throw new AppError(ErrorCode.tokenExpired, {
          detail: 'an access key opens only the MCP view',
        });
      }
      request.accessKey = await resolveAccessKey(database.db, key, accessKeys);
      return;
    }
    // 'optional': routes open to visitors; no token is an anonymous visitor, a bad one is 401
    request.session = await resolveSession(request);
    if (auth === 'optional' || auth === 'accessKey') return;
    if (!request.session) throw new AppError(ErrorCode.tokenExpired);
  });

  const sms = deps.sms ?? createSmsProvider(config, app);
  const db = database.db;
  // background work asks the database through `database.background`: on PGlite it lets waiting
  // requests go first before each statement
  app.decorate(
    'jobs',
    createJobQueue(database.background, app.log, {
      pauseRatio: database.kind === 'pglite' ? 1 : 0,
      leaseMs: config.jobLeaseMs,
    }),
  );
  registerSystemRoutes(app, { database, version });
  registerBackupRoutes(app, { database, config, version });
  registerLoginRoutes(app, {
    db,
    sms,
    fixedCode: config.smsFixedCode,
    registration: config.registration,
    quotas: config.quotas,
  });
  const avatars = createAvatarStore(createStorage(config, 'avatars'));
  // a secret from the environment (several instances share it), else one made in DATA_DIR
  const previewSecret =
    config.previewSecret ?? readOrCreateSecret(config.dataDir, 'preview-secret');
  const fileDeps: FileDeps = {
    db,
    storage: createStorage(config, 'files'),
    quotas: config.quotas,
    signer: createPreviewSigner(previewSecret),
  };
  // background work: the handler of each kind of the job catalogue
  const fileJobDeps: FileDeps = { ...fileDeps, db: database.background };
  app.jobs.handle(Job.extractFileText, extractTextHandler(fileJobDeps));
  app.jobs.handle(Job.removeFileBytes, removeBytesHandler(fileDeps.storage));
  app.jobs.handle(Job.sweepTempUploads, sweepTempHandler(fileJobDeps));
  // a missing image is fine, so the job may run twice
  app.jobs.handle(Job.removeSpaceIcon, ({ key }) => avatars.remove(key));
  const cipher = createKeyCipher(
    config.aiSecretKey ?? readOrCreateSecret(config.dataDir, 'ai-secret.key'),
  );
  const aiIndex: IndexDeps = {
    db: database.background,
    cipher,
    log: app.log,
    // PostgreSQL vacuums by itself; on PGlite a job does it after indexing
    autovacuum: database.kind === 'postgres',
  };
  // a page's or file's change re-indexes it for search first (found within seconds), then the AI
  const aiIndexPage = indexPageHandler(aiIndex);
  const aiIndexFile = indexFileHandler(aiIndex);
  app.jobs.handle(Job.indexPage, async (payload) => {
    await indexPageForSearch(db, payload.pageId);
    await aiIndexPage(payload);
  });
  app.jobs.handle(Job.indexFile, async (payload) => {
    await indexFileForSearch(db, payload.fileId);
    await aiIndexFile(payload);
  });
  app.jobs.handle(Job.indexSearchAll, () => indexAllForSearch(db));
  app.jobs.handle(Job.reindexSpace, reindexSpaceHandler(aiIndex));
  const vacuumAiIndex = vacuumIndexHandler(aiIndex);
  app.jobs.handle(Job.vacuumAiIndex, async () => {
    await vacuumAiIndex();
    await vacuumSearchIndex(database.background);
  });

  registerUserRoutes(app, { db, avatars });
  registerAccessKeyRoutes(app, { db });
  registerSpaceRoutes(app, { db, avatars, quotas: config.quotas });
  registerSpaceIconRoutes(app, { db, avatars });
  // one cache of pages' blocks for every reader of them — the page routes, share links and both
  // MCP ends — so one budget bounds the memory it takes
  const blocks = createBlocksCache();
  registerPageRoutes(app, { db, blocks });
  registerTreeRoutes(app, {
    db,
    treeRows: database.kind === 'postgres' ? 'rows' : 'one-json-row',
  });
  registerMemberRoutes(app, { db, quotas: config.quotas });
  registerAccountRoutes(app, { db, quotas: config.quotas });
  registerAdminRoutes(app, { db, quotas: config.quotas });
  registerFriendRoutes(app, { db, quotas: config.quotas });
  registerTeamRoutes(app, { db, quotas: config.quotas });
  registerTeamInviteRoutes(app, { db, quotas: config.quotas });
  registerInviteRoutes(app, { db });
  registerRecycleRoutes(app, { db, quotas: config.quotas });
  registerNoteRoutes(app, { db });
  registerSearchRoutes(app, { db });
  registerHistoryRoutes(app, { db });
  registerTemplateRoutes(app, { db });
  app.jobs.handle(Job.createFromTemplate, createFromTemplateHandler(db));
  registerFileRoutes(app, fileDeps);
  const transferDeps: TransferDeps = {
    ...fileDeps,
    treeRows: database.kind === 'postgres' ? 'rows' : 'one-json-row',
  };
  registerTransferRoutes(app, transferDeps);
  app.jobs.handle(Job.runTransfer, runTransferHandler(transferDeps));
  app.jobs.handle(Job.expireTransfer, expireTransferHandler(transferDeps));
  registerMcpRoutes(app, {
    ...fileDeps,
    treeRows: database.kind === 'postgres' ? 'rows' : 'one-json-row',
    blocks,
  });
  registerShareRoutes(app, {
    ...fileDeps,
    grants: createGrantSigner(previewSecret),
    treeRows: database.kind === 'postgres' ? 'rows' : 'one-json-row',
    blocks,
    cipher,
    modelTimeoutMs: config.aiModelTimeoutMs,
  });
  registerAiRoutes(app, { db, cipher, modelTimeoutMs: config.aiModelTimeoutMs });
  registerMcpServer(app, {
    ...fileDeps,
    treeRows: database.kind === 'postgres' ? 'rows' : 'one-json-row',
    cipher,
    blocks,
  });
  const orderDeps: OrderDeps = {
    db,
    providers: createPaymentProviders(config.payment),
    expireMinutes: config.payment.orderExpireMinutes,
    log: app.log,
  };
  if (config.production && orderDeps.providers.has('sandbox')) {
    app.log.warn('PAYMENT_PROVIDERS includes sandbox: anyone can pay for an order with one click');
  }
  app.jobs.handle(Job.expireOrder, expireOrderHandler(orderDeps));
  app.jobs.handle(Job.checkRefund, checkRefundHandler(orderDeps));
  registerOrderRoutes(app, orderDeps);
  registerOrderAdminRoutes(app, orderDeps);
  registerPayNotifyRoutes(app, orderDeps);

  const serveSpa = await registerWeb(app, config.webDir);
  app.setNotFoundHandler(async (request, reply) => {
    const page = serveSpa?.(request, reply);
    if (page) return page;
    const path = request.url.split('?')[0] ?? '';
    const allowed = allowedMethods(path);
    if (allowed.length > 0) {
      throw new AppError(ErrorCode.notSupported, {
        status: 405,
        detail: `${request.method} ${path}`,
        headers: { allow: allowed.join(', ') },
      });
    }
    throw new AppError(ErrorCode.dataMissing, {
      status: 404,
      detail: `${request.method} ${request.url.split('?')[0]}`,
    });
  });
  return app;
}

function createSmsProvider(config: Config, app: App): SmsProvider {
  if (config.smsProvider === 'aliyun' && config.aliyunSms)
    return createAliyunSmsProvider(config.aliyunSms);
  return createConsoleSmsProvider(app.log, { production: config.production });
}
