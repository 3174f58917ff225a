// Migrates once per test run. PGlite: a migrated database is dumped to a file that each test
// file loads (start-up of a fresh PGlite plus migrations costs seconds). PostgreSQL
// (TEST_DATABASE_URL): a throwaway database is created on that server for this run, migrated,
// shared by the test files (each makes its own data with factories) and dropped at the end, so
// runs never disturb each other or the database the URL names.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectPostgres, wrapPglite } from '../src/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    /** this run's own PostgreSQL database, when TEST_DATABASE_URL is set */
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `library_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const runUrl = new URL(url);
    runUrl.pathname = `/${name}`;
    const handle = connectPostgres(runUrl.toString(), 2);
    await handle.migrate();
    await handle.close();
    project.provide('pgliteDump', '');
    project.provide('databaseUrl', runUrl.toString());
    return async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }
  const handle = wrapPglite(await PGlite.create());
  await handle.migrate();
  const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('gzip');
  const file = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'library-test-')),
    'migrated.tar.gz',
  );
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteDump', file);
  project.provide('databaseUrl', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
