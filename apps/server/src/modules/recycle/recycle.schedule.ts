// Runs the recycle-bin purge in this process: once at start-up, then every hour. The timer does
// not keep the process alive; `stop()` waits for a run in progress (see docs/decisions).
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { purgeExpiredRecycleItems } from './recycle.service.js';

export const recyclePurgeIntervalMs = 60 * 60 * 1000;

export interface PurgeSchedule {
  stop(): Promise<void>;
}

export function scheduleRecyclePurge(
  db: Database,
  log: FastifyBaseLogger,
  intervalMs = recyclePurgeIntervalMs,
): PurgeSchedule {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = purgeExpiredRecycleItems(db, new Date())
      .then((purged) => {
        if (purged > 0) log.info({ purged }, 'recycle bin: expired items deleted forever');
      })
      .catch((error: unknown) => log.error({ err: error }, 'recycle bin purge failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
