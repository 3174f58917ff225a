// Migrates once per test run. PGlite: a migrated database is dumped to a file that each test
// file loads (start-up of a fresh PGlite plus migrations costs seconds). PostgreSQL
// (TEST_DATABASE_URL): the schema is rebuilt and migrated; test files share it, each making its
// own data with factories.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectPostgres, wrapPglite } from '../db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;',
    );
    await client.end();
    const handle = connectPostgres(url, 2);
    await handle.migrate();
    await handle.close();
    project.provide('pgliteDump', '');
    return;
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
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
