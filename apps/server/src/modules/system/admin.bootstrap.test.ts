// ensureFirstAdmin acts only on an EMPTY users table, so every test opens a database of its own.
// On PostgreSQL (TEST_DATABASE_URL) the test files share one database whose users table the other
// files fill in parallel; these tests are skipped there and run on PGlite only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@library/contract';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import { buildUser, testClient, uniqueEmail } from '../../../test/factories.js';
import { openTestDatabase, recordingSms } from '../../../test/test-app.js';
import { countUsers, findByEmail, listRoles } from '../user/user.repo.js';
import { ensureFirstAdmin } from './admin.bootstrap.js';

const onPostgres = !!process.env.TEST_DATABASE_URL;

/** A logger that keeps what was logged at each level. */
function recordingLogger() {
  const lines: Record<'info' | 'warn' | 'error', string[]> = { info: [], warn: [], error: [] };
  const keep = (level: keyof typeof lines) => (first: unknown, second?: unknown) => {
    lines[level].push(typeof first === 'string' ? first : String(second ?? ''));
  };
  const ignore = () => {};
  const logger = {
    level: 'info',
    info: keep('info'),
    warn: keep('warn'),
    error: keep('error'),
    fatal: keep('error'),
    debug: ignore,
    trace: ignore,
    silent: ignore,
    child: () => logger,
  };
  return { lines, log: logger as unknown as FastifyBaseLogger };
}

/** A fresh migrated database with the application on it; closed after `use`. */
async function withFreshDatabase(
  use: (
    database: DatabaseHandle,
    login: (account: string, password: string) => Promise<number>,
  ) => Promise<void>,
) {
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-admin-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIR: path.join(dataDir, 'no-web'),
  });
  const app = await buildApp({ config, database, sms: recordingSms(), logger: false });
  await app.ready();
  /** Logs in over HTTP; answers the envelope code. */
  const login = async (account: string, password: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { account, password, client: testClient },
    });
    return res.json().code as number;
  };
  try {
    expect(await countUsers(database.db)).toBe(0);
    await use(database, login);
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('ensureFirstAdmin', () => {
  it.skipIf(onPostgres)(
    'creates an ADMIN from an e-mail ADMIN_ACCOUNT and ADMIN_PASSWORD who can log in',
    async () => {
      await withFreshDatabase(async (database, login) => {
        const { lines, log } = recordingLogger();
        const banners: string[] = [];
        const admin = await ensureFirstAdmin(
          database.db,
          { adminAccount: 'Boss@Example.com', adminPassword: 'Admin1234' },
          log,
          (banner) => banners.push(banner),
        );
        expect(admin).toBeDefined();
        expect(admin!.email).toBe('boss@example.com');
        expect(await listRoles(database.db, admin!.id)).toContain('ADMIN');
        expect(await countUsers(database.db)).toBe(1);
        expect(await login('boss@example.com', 'Admin1234')).toBe(0);
        expect(await login('boss@example.com', 'Wrong1234')).toBe(ErrorCode.wrongAccountOrPassword);
        // the configured password is known to the operator and never printed
        expect([...lines.info, ...lines.warn].join('\n')).not.toContain('Admin1234');
        expect(lines.warn).toHaveLength(0);
        // and no first-run banner is printed for it
        expect(banners).toHaveLength(0);
      });
    },
  );

  it.skipIf(onPostgres)('creates an ADMIN from a mobile ADMIN_ACCOUNT', async () => {
    await withFreshDatabase(async (database, login) => {
      const { log } = recordingLogger();
      const admin = await ensureFirstAdmin(
        database.db,
        { adminAccount: '13912345678', adminPassword: 'Admin1234' },
        log,
      );
      expect(admin!.mobile).toBe('13912345678');
      expect(admin!.email).toBeNull();
      expect(await listRoles(database.db, admin!.id)).toContain('ADMIN');
      expect(await login('13912345678', 'Admin1234')).toBe(0);
    });
  });

  it.skipIf(onPostgres)(
    'without ADMIN_ACCOUNT/ADMIN_PASSWORD logs a random password once, usable with the numeric ID',
    async () => {
      await withFreshDatabase(async (database, login) => {
        const { lines, log } = recordingLogger();
        const banners: string[] = [];
        const announce = (banner: string) => banners.push(banner);
        const admin = await ensureFirstAdmin(
          database.db,
          { adminAccount: undefined, adminPassword: undefined },
          log,
          announce,
        );
        expect(admin).toBeDefined();
        expect(await listRoles(database.db, admin!.id)).toContain('ADMIN');
        expect(lines.warn).toHaveLength(1);
        const match = /account (\d+), password (\S+)/.exec(lines.warn[0]!);
        expect(match).not.toBeNull();
        const [, account, password] = match!;
        expect(account).toBe(String(admin!.id));
        expect(password!.length).toBeGreaterThanOrEqual(8);
        expect(password!.length).toBeLessThanOrEqual(16);
        expect(await login(account!, password!)).toBe(0);
        // the same account and password, once more as a banner for the console
        expect(banners).toHaveLength(1);
        expect(banners[0]).toContain('首次启动');
        expect(banners[0]).toContain(`管理员账号 / Account:   ${account}\n`);
        expect(banners[0]).toContain(`密码 / Password:        ${password}\n`);

        // a second start does nothing and prints no password again
        expect(
          await ensureFirstAdmin(
            database.db,
            { adminAccount: undefined, adminPassword: undefined },
            log,
            announce,
          ),
        ).toBeUndefined();
        expect(lines.warn).toHaveLength(1);
        expect(banners).toHaveLength(1);
        expect(await countUsers(database.db)).toBe(1);
      });
    },
  );

  it.skipIf(onPostgres)(
    'with ADMIN_ACCOUNT but no ADMIN_PASSWORD announces that account and a generated password',
    async () => {
      await withFreshDatabase(async (database, login) => {
        const { log } = recordingLogger();
        const banners: string[] = [];
        await ensureFirstAdmin(
          database.db,
          { adminAccount: 'owner@example.com', adminPassword: undefined },
          log,
          (banner) => banners.push(banner),
        );
        expect(banners).toHaveLength(1);
        const password = /密码 \/ Password:\s+(\S+)/.exec(banners[0]!)?.[1];
        expect(banners[0]).toContain('owner@example.com');
        expect(await login('owner@example.com', password!)).toBe(0);
      });
    },
  );

  it.skipIf(onPostgres)('does nothing on a database that already has users', async () => {
    await withFreshDatabase(async (database, login) => {
      const { log } = recordingLogger();
      await ensureFirstAdmin(
        database.db,
        { adminAccount: 'first@example.com', adminPassword: 'Admin1234' },
        log,
      );
      const { lines, log: secondLog } = recordingLogger();
      const again = await ensureFirstAdmin(
        database.db,
        { adminAccount: 'second@example.com', adminPassword: 'Other1234' },
        secondLog,
      );
      expect(again).toBeUndefined();
      expect(await countUsers(database.db)).toBe(1);
      // no second administrator was made
      expect(await login('second@example.com', 'Other1234')).toBe(ErrorCode.wrongAccountOrPassword);
      expect(await login('first@example.com', 'Admin1234')).toBe(0);
      expect([...lines.info, ...lines.warn]).toHaveLength(0);
    });
  });

  // Safe on a shared database too: after buildUser the users table is surely not empty.
  it('leaves a database with a user alone, even with ADMIN_ACCOUNT set', async () => {
    const database = await openTestDatabase();
    try {
      await buildUser(database.db);
      const { lines, log } = recordingLogger();
      const email = uniqueEmail();
      const result = await ensureFirstAdmin(
        database.db,
        { adminAccount: email, adminPassword: 'Admin1234' },
        log,
      );
      expect(result).toBeUndefined();
      expect(await findByEmail(database.db, email)).toBeUndefined();
      expect([...lines.info, ...lines.warn]).toHaveLength(0);
    } finally {
      await database.close();
    }
  });
});
