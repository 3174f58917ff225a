import type {
  FastifyInstance,
  FastifyBaseLogger,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JobQueue } from '../infra/jobs/job-queue.js';
import type { SessionCache } from '../modules/session/session-cache.js';
import type { AccessCache } from '../modules/space/access-cache.js';

/**
 * Who may call a route: 'required' (default) needs a valid token, 'optional' reads one if valid,
 * 'accessKey' (the read-only MCP view) is 'optional' and also takes a personal access key — the
 * only routes that do; a key sent to any other route is refused (401).
 */
export type RouteAuth = 'none' | 'optional' | 'required' | 'accessKey';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyInstance {
    /** background jobs; the worker loop is started by main.ts, tests call `drain()` */
    jobs: JobQueue;
    /** the sessions this instance keeps; a change made outside a request settles through it */
    sessions: SessionCache;
    /** who may read which space and node, as this instance last loaded it (reads only) */
    access: AccessCache;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
