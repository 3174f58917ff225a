// The API's rate limit: counted per process by default, shared by every instance through Redis
// when REDIS_URL is set (TEST_REDIS_URL runs those tests against a real Redis), and never a
// failed request because Redis stopped answering.
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@library/contract';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});

async function instance(redisUrl?: string) {
  const t = await createTestApp({ rateLimitPerMinute: 3, redisUrl });
  apps.push(t);
  return t;
}

/** A client address no other test run uses, so counters left in Redis never collide. */
const newClient = () =>
  `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;

const ask = (t: TestApp, remoteAddress: string) =>
  t.app.inject({ method: 'GET', url: '/api/v3/space/openSpace', remoteAddress });

describe('the API rate limit', () => {
  it('refuses the request after the limit with 429 + 200016 and the seconds to wait', async () => {
    const t = await instance();
    const client = newClient();
    for (let i = 0; i < 3; i++) expect((await ask(t, client)).statusCode).toBe(200);
    const refused = await ask(t, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(ErrorCode.tooFrequent);
    expect(refused.json().data.retryAfter).toBeGreaterThan(0);
    // another client is counted apart
    expect((await ask(t, newClient())).statusCode).toBe(200);
  });

  it.runIf(process.env.TEST_REDIS_URL)(
    'shares the counters of every instance through Redis',
    async () => {
      const first = await instance(process.env.TEST_REDIS_URL);
      const second = await instance(process.env.TEST_REDIS_URL);
      const client = newClient();
      expect((await ask(first, client)).statusCode).toBe(200);
      expect((await ask(second, client)).statusCode).toBe(200);
      expect((await ask(first, client)).statusCode).toBe(200);
      expect((await ask(second, client)).statusCode).toBe(429);
    },
  );

  it('lets requests through when Redis does not answer, but not logins', async () => {
    // nothing listens on port 1
    const t = await instance('redis://127.0.0.1:1');
    const client = newClient();
    for (let i = 0; i < 5; i++) expect((await ask(t, client)).statusCode).toBe(200);
    // guessing passwords or sending SMS codes stays limited: refused while uncounted
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      remoteAddress: client,
      payload: {
        account: '13800000000',
        password: 'Wrong1234',
        client: { client: 'web', deviceId: 'd', deviceName: 'n', version: '0.1' },
      },
    });
    expect(login.statusCode).toBe(500);
    expect(login.json().code).toBe(ErrorCode.serverError);
  });
});
