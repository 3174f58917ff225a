// Builds the HTTP application: plugins, rate limits, the OpenAPI document, who is calling
// (app-auth.ts), the job queue, the shared services (app-services.ts), then every module in turn,
// and the web app with the answers to unknown paths.
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@library/contract';
import { installAuth } from './app-auth.js';
import { createAppServices, type AppServices } from './app-services.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { AppError } from './http/app-error.js';
import { installErrorHandler } from './http/error-handler.js';
import { validatorCompiler } from './http/input-text.js';
import { trackRouteMethods } from './http/method-not-allowed.js';
import { openApiOptions } from './http/openapi.js';
import type { App } from './http/route-types.js';
import { createJobQueue } from './infra/jobs/job-queue.js';
import { closeRedis, connectRedis } from './infra/redis.js';
import type { SmsProvider } from './infra/sms/sms-provider.js';
import { registerAccessKeyModule } from './modules/access-key/index.js';
import { registerAccountModule } from './modules/account/index.js';
import { registerAddrbookModule } from './modules/addrbook/index.js';
import { registerAdminModule } from './modules/admin/index.js';
import { registerAiModule } from './modules/ai/index.js';
import { registerAuditModule } from './modules/audit/index.js';
import { registerFileModule } from './modules/file/index.js';
import { registerHistoryModule } from './modules/history/index.js';
import { registerHomeModule } from './modules/home/index.js';
import { registerLoginModule } from './modules/login/index.js';
import { registerMcpModule } from './modules/mcp/index.js';
import { registerNoteModule } from './modules/note/index.js';
import { registerNotificationModule } from './modules/notification/index.js';
import { registerOrderModule } from './modules/order/index.js';
import { registerCollabModule } from './modules/collab/index.js';
import { registerPageModule } from './modules/page/index.js';
import { registerRecycleModule } from './modules/recycle/index.js';
import { registerSearchModule } from './modules/search/index.js';
import { registerShareModule } from './modules/share/index.js';
import { registerSpaceModule } from './modules/space/index.js';
import { registerSystemModule } from './modules/system/index.js';
import { registerTemplateModule } from './modules/template/index.js';
import { registerTransferModule } from './modules/transfer/index.js';
import { registerTreeModule } from './modules/tree/index.js';
import { registerUserModule } from './modules/user/index.js';
import { registerWatchModule } from './modules/watch/index.js';
import { registerWeb } from './web.js';

export const version = '0.1.0';

/** The library's modules, each adding its routes and the handlers of its jobs. */
const modules: Array<(app: App, services: AppServices) => void> = [
  registerSystemModule,
  registerLoginModule,
  registerUserModule,
  registerAccessKeyModule,
  registerSpaceModule,
  registerPageModule,
  registerCollabModule,
  registerTreeModule,
  registerAccountModule,
  registerAdminModule,
  registerAddrbookModule,
  registerRecycleModule,
  registerNoteModule,
  registerSearchModule,
  registerHistoryModule,
  registerNotificationModule,
  registerHomeModule,
  registerWatchModule,
  registerTemplateModule,
  registerFileModule,
  registerTransferModule,
  registerMcpModule,
  registerShareModule,
  registerAiModule,
  registerOrderModule,
  registerAuditModule,
];

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
  // counters in Redis when REDIS_URL is set (shared by every instance), else in this process
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', () => closeRedis(redis));
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
  await installAuth(app, database, config);

  app.decorate(
    'jobs',
    createJobQueue(database.background, app.log, {
      pauseRatio: database.kind === 'pglite' ? 1 : 0,
      leaseMs: config.jobLeaseMs,
    }),
  );
  const services = createAppServices(config, database, app.log, { version, sms: deps.sms });
  for (const register of modules) register(app, services);

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
