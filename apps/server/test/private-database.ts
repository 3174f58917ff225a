// A migrated database no other test file writes to, for tests that compare whole tables. PGlite:
// the run's migrated dump, loaded for this file alone (as every test file gets). PostgreSQL
// (TEST_DATABASE_URL): test files share the run's database, so this one is created beside it,
// migrated, and dropped by close().
import { inject } from 'vitest';
import pg from 'pg';
import { connectPostgres, type DatabaseHandle } from '../src/db/database.js';
import { openTestDatabase } from './test-app.js';

export async function openPrivateTestDatabase(): Promise<DatabaseHandle> {
  const runUrl = inject('databaseUrl');
  if (!runUrl) return openTestDatabase();
  const url = new URL(runUrl);
  const name = `${url.pathname.slice(1)}_own_${crypto.randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: runUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  const handle = connectPostgres(url.toString(), 4);
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: runUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
