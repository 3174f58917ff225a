// The Redis connection the rate-limit counters share between instances (REDIS_URL). A Redis that
// does not answer lets requests through rather than failing them: it is waited for once at
// start-up (at most a second), then reconnected to in the background.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new (await import('ioredis')).Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
  });
  redis.on('error', (error: Error) => log.warn({ err: error }, 'redis unavailable'));
  await redis.connect().catch(() => undefined);
  return redis;
}

export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}
