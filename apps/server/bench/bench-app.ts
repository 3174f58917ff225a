// The server a bench measures, in this process: PostgreSQL when BENCH_DATABASE_URL is set (use a
// throwaway database), else PGlite — in memory, or in the data directory with `pgliteOnDisk` (as
// the server keeps it; for data larger than memory comfortably holds); migrated, with its own data directory, quiet
// logs and no rate limit. `close` stops it and removes the directory (a `pgliteDir` given by the
// bench is kept, to be opened again).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { connectPostgres, wrapPglite } from '../src/db/database.js';

export async function openBenchApp(
  dataDirPrefix = 'library-bench-',
  options: { pgliteOnDisk?: boolean; pgliteDir?: string } = {},
) {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), dataDirPrefix));
  const pgliteDir =
    options.pgliteDir ?? (options.pgliteOnDisk ? path.join(dataDir, 'pgdata') : undefined);
  const database = url
    ? connectPostgres(url, 4)
    : wrapPglite(
        await PGlite.create({
          extensions: { vector },
          ...(pgliteDir ? { dataDir: pgliteDir } : {}),
        }),
      );
  await database.migrate();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIR: path.join(dataDir, 'no-web'),
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { database, db: database.db, app, dataDir, close };
}
