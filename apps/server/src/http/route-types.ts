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

/** Who may call a route: 'required' (default) needs a valid token, 'optional' reads one if valid. */
export type RouteAuth = 'none' | 'optional' | 'required';

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
