// A real application on a real migrated database for API tests (app.inject()).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { connectPostgres, wrapPglite, type DatabaseHandle } from '../src/db/database.js';
import type { SmsProvider } from '../src/infra/sms/sms-provider.js';

export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = inject('databaseUrl');
  // its own job queue: test files share this database, never each other's jobs
  if (url)
    return connectPostgres(url, 4, { jobQueue: `test_${crypto.randomUUID().replaceAll('-', '')}` });
  const dump = fs.readFileSync(inject('pgliteDump'));
  return wrapPglite(await PGlite.create({ loadDataDir: new Blob([dump]) }));
}

/** An SMS gateway stand-in that keeps what it was asked to send. */
export function recordingSms() {
  const sent: Array<{ mobile: string; code: string }> = [];
  const provider: SmsProvider & { sent: typeof sent; lastCode(mobile: string): string } = {
    name: 'recording',
    sent,
    async sendCode(mobile, code) {
      sent.push({ mobile, code });
    },
    lastCode(mobile) {
      const code = sent.filter((item) => item.mobile === mobile).at(-1)?.code;
      if (!code) throw new Error(`no code was sent to ${mobile}`);
      return code;
    },
  };
  return provider;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * An application on a database of its own, or on `shared` (a second instance beside another
 * test app; the first one's close() closes the database).
 */
export async function createTestApp(overrides: Partial<Config> = {}, shared?: DatabaseHandle) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-data-'));
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIR: path.join(dataDir, 'no-web'),
    }),
    ...overrides,
  };
  const database = shared ?? (await openTestDatabase());
  const sms = recordingSms();
  const app = await buildApp({ config, database, sms, logger: false }).catch(async (error) => {
    if (!shared) await database.close();
    throw error;
  });
  await app.ready();
  return {
    app,
    /** One API call, answering the HTTP status and the parsed envelope. */
    async call(
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      headers: Record<string, string> = {},
      payload?: unknown,
    ) {
      const res = await app.inject({
        method,
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return { status: res.statusCode, body: res.json() };
    },
    db: database.db,
    database,
    /** background jobs: nothing runs by itself in tests; `await jobs.drain()` runs what is due */
    jobs: app.jobs,
    sms,
    config,
    async close() {
      await app.close();
      if (!shared) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
