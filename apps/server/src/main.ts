// Starts the server: configuration, database (migrated), first administrator, the recycle-bin
// purge timer, the leftover-upload sweep (queued once), the job worker, HTTP, and a clean
// shutdown on SIGINT/SIGTERM (in-flight requests and a running purge finish, the embedded
// database closes).
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { ConfigError } from './config-env.js';
import { DirectoryLockedError } from './db/lock.js';
import { openDatabase } from './db/database.js';
import { scheduleRecyclePurge } from './modules/recycle/index.js';
import { scheduleTempSweep } from './modules/file/index.js';
import { ensureFirstAdmin } from './modules/system/index.js';

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, database });
  // A generated password is printed last, after "ready on", where a first-time user looks.
  const banners: string[] = [];
  await ensureFirstAdmin(database.db, config, app.log, (banner) => banners.push(banner));
  const recyclePurge = scheduleRecyclePurge(database.db, app.log);
  await scheduleTempSweep(database.db);
  app.jobs.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      await recyclePurge.stop();
      await app.jobs.stop();
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `公共图书馆 ready on ${address} (${database.kind}, started in ${Date.now() - started} ms)`,
  );
  if (banners.length > 0) {
    // pino writes its lines asynchronously and offers no wait for them (its flush does not wait
    // for a write under way): a moment's pause puts the banner after the "ready on" line
    await sleep(100);
    for (const banner of banners) process.stdout.write(`${banner}\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DirectoryLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
