// Two instances on one database, each keeping the sessions it resolved: whatever one of them
// commits — a logout, a revoked device, a disabled account, a renamed user, a removed member — is
// refused or shown by the other on the very next request. On PostgreSQL (TEST_DATABASE_URL) the
// instances have their own pools and listening connections, as two servers would; on PGlite they
// share the embedded database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/test-app.js';
import {
  addMember,
  authHeader,
  buildPage,
  buildSpace,
  buildUser,
  paragraphBlock,
} from '../../../test/factories.js';
import { setStatus } from '../user/user.service.js';

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await createTestApp();
  second = await createTestApp({}, first.database.kind === 'pglite' ? first.database : undefined);
});

afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** Both instances have answered with the session, so both hold it. */
async function warm(headers: Record<string, string>) {
  for (const instance of [first, second]) {
    expect((await instance.call('GET', '/api/v1/user', headers)).status).toBe(200);
  }
}

describe('sessions kept by each instance', () => {
  it('a logout on one instance is refused by the other at once', async () => {
    const user = await buildUser(first.db);
    const headers = await authHeader(first.db, user.id);
    await warm(headers);
    expect((await first.call('DELETE', '/api/v1/user/logout', headers)).status).toBe(200);
    const next = await second.call('GET', '/api/v1/user', headers);
    expect(next.status).toBe(401);
    expect(next.body.code).toBe(100003);
    expect((await first.call('GET', '/api/v1/user', headers)).status).toBe(401);
  });

  it('a device revoked from another login is refused at once', async () => {
    const user = await buildUser(first.db);
    const phone = await authHeader(first.db, user.id);
    const laptop = await authHeader(first.db, user.id);
    await warm(phone);
    const devices = await first.call('GET', '/api/v1/user/devices', laptop);
    const list = devices.body.data.list as Array<{ id: string; current: boolean }>;
    const other = list.find((device) => !device.current);
    expect(other).toBeDefined();
    expect((await first.call('DELETE', `/api/v1/user/devices/${other!.id}`, laptop)).status).toBe(
      200,
    );
    expect((await second.call('GET', '/api/v1/user', phone)).status).toBe(401);
    expect((await second.call('GET', '/api/v1/user', laptop)).status).toBe(200);
  });

  it('a disabled account is refused on both instances at once', async () => {
    const user = await buildUser(first.db);
    const headers = await authHeader(first.db, user.id);
    await warm(headers);
    // as the administration's route will: the change, then the answer once it has been heard
    const since = first.app.sessions.epoch();
    await setStatus(first.db, user.id, 'disabled');
    await first.app.sessions.settled(since);
    for (const instance of [second, first]) {
      expect((await instance.call('GET', '/api/v1/user', headers)).status).toBe(401);
    }
  });

  it('a renamed user is shown with the new name by the other instance', async () => {
    const user = await buildUser(first.db);
    const headers = await authHeader(first.db, user.id);
    await warm(headers);
    const renamed = await first.call('PUT', '/api/v1/user', headers, { nickname: '新名字' });
    expect(renamed.status).toBe(200);
    const seen = await second.call('GET', '/api/v1/user', headers);
    expect(seen.body.data.nickname).toBe('新名字');
  });

  it('a member removed on one instance no longer reads the page on the other', async () => {
    const owner = await buildUser(first.db);
    const reader = await buildUser(first.db);
    const space = await buildSpace(first.db, owner.id);
    await addMember(first.db, space.id, reader.id, 'reader');
    const page = await buildPage(first.db, space.id, owner.id);
    const ownerHeaders = await authHeader(first.db, owner.id);
    const readerHeaders = await authHeader(first.db, reader.id);
    const saved = await first.call('PUT', `/api/v2/space/page/${page.id}/block`, ownerHeaders, {
      baseRevision: 0,
      changes: [
        { op: 'upsert', blockId: 'b1', afterBlockId: null, data: paragraphBlock('b1', '正文') },
      ],
    });
    expect(saved.status).toBe(200);
    const published = await first.call(
      'POST',
      `/api/v2/space/page/${page.id}/version`,
      ownerHeaders,
      { name: 'v1' },
    );
    expect(published.status).toBe(200);
    const blocksUrl = `/api/v2/space/page/${page.id}/block?version=0`;
    for (const instance of [first, second]) {
      expect((await instance.call('GET', blocksUrl, readerHeaders)).status).toBe(200);
    }
    const groups = await first.call('GET', `/api/v2/space/${space.id}/memberGroup`, ownerHeaders);
    const readers = (groups.body.data.list as Array<{ memberGroupId: string; role: string }>).find(
      (group) => group.role === 'reader',
    );
    const removed = await first.call(
      'DELETE',
      `/api/v2/space/memberGroup/${readers!.memberGroupId}/member/user/${reader.id}`,
      ownerHeaders,
    );
    expect(removed.status).toBe(200);
    expect((await second.call('GET', blocksUrl, readerHeaders)).status).toBe(404);
  });
});

describe('the listening connection', () => {
  it('hears an announcement committed by another connection before settled() resolves', async () => {
    // on PGlite the embedded database is the only connection there is
    const other = first.database.kind === 'postgres' ? await openTestDatabase() : null;
    const heard: string[] = [];
    const subscription = await first.database.listen('library_session_probe', {
      onMessage: (payload) => heard.push(payload),
      onUp: () => undefined,
      onDown: () => undefined,
    });
    try {
      await (other ?? first.database).db.execute(
        sql`select pg_notify('library_session_probe', 'hello')`,
      );
      await subscription.settled();
      expect(heard).toEqual(['hello']);
    } finally {
      await subscription.close();
      await other?.close();
    }
  });
});
