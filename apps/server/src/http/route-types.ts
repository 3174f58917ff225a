import type {
  FastifyInstance,
  FastifyBaseLogger,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JobQueue } from '../infra/jobs/job-queue.js';

/**
 * Who may call a route: 'required' (default) needs a valid token, 'optional' reads one if valid,
 * 'accessKey' (the read-only MCP view) is 'optional' and also takes a personal access key — the
 * only routes that do; a key sent to any other route is refused (401).
 */
export type RouteAuth = 'none' | 'optional' | 'required' | 'accessKey';

// Modules add what they decorate the app with in their own files (session-cache.ts, access-cache.ts).
declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyInstance {
    /** background jobs; the worker loop is started by main.ts, tests call `drain()` */
    jobs: JobQueue;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
