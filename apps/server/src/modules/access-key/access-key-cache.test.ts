// Two instances on one database, each keeping the personal access keys it resolved
// (access-key-cache.ts): a key revoked, or its user disabled, on one of them is refused by the
// other on the very next MCP call — the REST view and the MCP server alike. On PostgreSQL
// (TEST_DATABASE_URL) the instances have their own pools and listening connections, as two
// servers would; on PGlite they share the embedded database.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys } from '../../db/schema/index.js';
import { authHeader, buildSpace, buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { setStatus } from '../user/user.service.js';

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await createTestApp({ rateLimitPerMinute: 1_000_000 });
  second = await createTestApp(
    { rateLimitPerMinute: 1_000_000 },
    first.database.kind === 'pglite' ? first.database : undefined,
  );
});

afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** A user with a space and a key for it. */
async function keyHolder() {
  const user = await buildUser(first.db);
  const headers = await authHeader(first.db, user.id);
  const space = await buildSpace(first.db, user.id, '钥匙空间');
  const made = await first.call('POST', '/api/v1/user/accessKey', headers, {
    name: 'Claude',
    spaceIds: [space.id],
  });
  expect(made.status).toBe(200);
  const data = made.body.data as { key: { keyId: string }; token: string };
  return { user, headers, space, keyId: data.key.keyId, key: { 'x-api-key': data.token } };
}

/** An MCP `tools/call` over the MCP server's endpoint. */
async function mcpSpaces(instance: TestApp, key: Record<string, string>) {
  const res = await instance.app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: {
      ...key,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    payload: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'list_spaces', arguments: {} },
    },
  });
  return res.statusCode;
}

/** Both instances have answered with the key, so both hold it. */
async function warm(key: Record<string, string>) {
  for (const instance of [first, second]) {
    expect((await instance.call('GET', '/api/v1/mcp/space', key)).status).toBe(200);
    expect(await mcpSpaces(instance, key)).toBe(200);
  }
}

describe('access keys kept by each instance', () => {
  it('a key revoked on one instance is refused by the other at once', async () => {
    const { headers, key, keyId } = await keyHolder();
    await warm(key);
    const revoked = await first.call('DELETE', `/api/v1/user/accessKey/${keyId}`, headers);
    expect(revoked.status).toBe(200);
    for (const instance of [second, first]) {
      const next = await instance.call('GET', '/api/v1/mcp/space', key);
      expect(next.status).toBe(401);
      expect(next.body.code).toBe(100003);
      expect(await mcpSpaces(instance, key)).toBe(401);
    }
  });

  it('a key of a user disabled on one instance is refused by the other at once', async () => {
    const { user, key } = await keyHolder();
    await warm(key);
    // as the administration's route will: the change, then the answer once it has been heard
    const since = first.app.sessions.epoch();
    await setStatus(first.db, user.id, 'disabled');
    await first.app.sessions.settled(since);
    for (const instance of [second, first]) {
      expect((await instance.call('GET', '/api/v1/mcp/space', key)).status).toBe(401);
      expect(await mcpSpaces(instance, key)).toBe(401);
    }
  });

  it("another user's key revoked leaves this user's kept key working", async () => {
    const mine = await keyHolder();
    const theirs = await keyHolder();
    await warm(mine.key);
    await warm(theirs.key);
    const revoked = await first.call(
      'DELETE',
      `/api/v1/user/accessKey/${theirs.keyId}`,
      theirs.headers,
    );
    expect(revoked.status).toBe(200);
    for (const instance of [second, first]) {
      expect((await instance.call('GET', '/api/v1/mcp/space', mine.key)).status).toBe(200);
      expect((await instance.call('GET', '/api/v1/mcp/space', theirs.key)).status).toBe(401);
    }
  });

  it('writes a kept key’s last use at most once a minute', async () => {
    const { key, keyId } = await keyHolder();
    await warm(key);
    const read = async () =>
      (
        await first.db
          .select({ lastUsedAt: accessKeys.lastUsedAt })
          .from(accessKeys)
          .where(eq(accessKeys.id, keyId))
      )[0]?.lastUsedAt;
    const used = await read();
    expect(used).toBeInstanceOf(Date);
    // the last use moved back behind the instance's back: within the minute the kept key, which
    // knows it was used a moment ago, writes nothing
    const old = new Date(Date.now() - 10 * 60_000);
    await first.db.update(accessKeys).set({ lastUsedAt: old }).where(eq(accessKeys.id, keyId));
    expect((await first.call('GET', '/api/v1/mcp/space', key)).status).toBe(200);
    expect((await read())?.getTime()).toBe(old.getTime());
  });
});
