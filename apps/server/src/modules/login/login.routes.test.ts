import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@library/contract';
import { smsCodes, users } from '../../db/schema/index.js';
import {
  authHeader,
  buildUser,
  testClient,
  uniqueEmail,
  uniqueMobile,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { findByMobile } from '../user/user.repo.js';
import { setStatus } from '../user/user.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function passwordLogin(
  account: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    headers,
    payload: { account, password, client: testClient },
  });
  return { status: res.statusCode, body: res.json() };
}

async function requestCode(mobile: string, ip = '127.0.0.1') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/smsCode',
    payload: { mobile },
    remoteAddress: ip,
  });
  return { status: res.statusCode, body: res.json() };
}

async function smsLogin(smsToken: string, smsCode: string, inviteCode = '') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/smsCodeRegLogin',
    payload: { smsCode, smsToken, client: testClient, inviteCode },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('POST /api/v1/user/login', () => {
  it('logs in by phone, e-mail or numeric ID and the token opens GET /api/v1/user', async () => {
    const email = uniqueEmail();
    const user = await buildUser(t.db, { password: 'Secret123', email });
    for (const account of [user.mobile!, email.toUpperCase(), String(user.id)]) {
      const { status, body } = await passwordLogin(account, 'Secret123');
      expect(status).toBe(200);
      expect(body.code).toBe(0);
      expect(body.data.user.userId).toBe(String(user.id));
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user',
        headers: { authorization: `Bearer ${body.data.token}` },
      });
      expect(me.json().data.nickname).toBe('测试用户');
    }
  });

  it('remembers the language of the last login (mail to the person is written in it)', async () => {
    const user = await buildUser(t.db, { password: 'Secret123' });
    const languageOf = async () =>
      (await t.db.select({ locale: users.locale }).from(users).where(eq(users.id, user.id)))[0]
        ?.locale;
    expect(await languageOf()).toBeNull();
    expect((await passwordLogin(user.mobile!, 'Secret123', { locale: 'zh_TW' })).status).toBe(200);
    expect(await languageOf()).toBe('zh_TW');
    const english = { 'accept-language': 'en-GB,en;q=0.9' };
    expect((await passwordLogin(user.mobile!, 'Secret123', english)).status).toBe(200);
    expect(await languageOf()).toBe('en_US');
  });

  it('refuses an empty account naming the field, in the caller language', async () => {
    const { status, body } = await passwordLogin('  ', 'Secret123', { locale: 'en_US' });
    expect(status).toBe(400);
    expect(body.code).toBe(ErrorCode.paramError);
    expect(body.msg).toMatch(/^Parameter error/i);
    expect(body.msg).toContain('account');
    expect(body.data.issues[0].field).toBe('account');
  });

  it.each(['1234567', '12345678901234567'])(
    'refuses a password of %s characters (8–16)',
    async (password) => {
      const { status, body } = await passwordLogin('13800000000', password);
      expect(status).toBe(400);
      expect(body.code).toBe(ErrorCode.paramError);
      expect(body.data.issues[0].field).toBe('password');
    },
  );

  it('accepts passwords of exactly 8 and 16 characters', async () => {
    for (const password of ['Abcdef12', 'Abcdef1234567890']) {
      const user = await buildUser(t.db, { password });
      expect((await passwordLogin(user.mobile!, password)).body.code).toBe(0);
    }
  });

  it('answers a wrong password and an unknown account alike with 200001', async () => {
    const user = await buildUser(t.db, { password: 'Secret123' });
    const wrong = await passwordLogin(user.mobile!, 'Wrong1234');
    const unknown = await passwordLogin(uniqueMobile(), 'Secret123');
    expect(wrong.body.code).toBe(ErrorCode.wrongAccountOrPassword);
    expect(unknown.body.code).toBe(ErrorCode.wrongAccountOrPassword);
    expect(wrong.body.msg).toBe(unknown.body.msg);
    expect(wrong.status).toBe(400);
  });

  it.each([
    ['pending', ErrorCode.pendingApproval],
    ['disabled', ErrorCode.userDisabled],
    ['cancelled', ErrorCode.accountCancelled],
    ['suspended', ErrorCode.accountSuspended],
    ['frozen', ErrorCode.accountFrozen],
  ] as const)('refuses a %s user with its own code', async (status, code) => {
    const user = await buildUser(t.db, { password: 'Secret123', status });
    const res = await passwordLogin(user.mobile!, 'Secret123');
    expect(res.body.code).toBe(code);
    expect(res.status).toBe(403);
  });

  it('refuses malformed JSON and an oversize body without a 500', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(ErrorCode.paramError);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'x'.repeat(2 * 1024 * 1024), password: 'Secret123' }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe(ErrorCode.paramError);
  });
});

describe('SMS login', () => {
  it('registers an unknown phone, then logs the same phone in again', async () => {
    const mobile = uniqueMobile();
    const sent = await requestCode(`+86${mobile}`);
    expect(sent.body.code).toBe(0);
    expect(sent.body.data).toMatchObject({ expiresIn: 300, resendIn: 60 });
    const first = await smsLogin(sent.body.data.smsToken, t.sms.lastCode(mobile));
    expect(first.body.code).toBe(0);
    expect(first.body.data.registered).toBe(true);
    expect(first.body.data.user.mobile).toBe(mobile);

    await t.db
      .update(smsCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(smsCodes.mobile, mobile));
    const again = await requestCode(mobile);
    const second = await smsLogin(again.body.data.smsToken, t.sms.lastCode(mobile));
    expect(second.body.data.registered).toBe(false);
    expect(second.body.data.user.userId).toBe(first.body.data.user.userId);
  });

  it('answers known and unknown phones the same when sending (no enumeration)', async () => {
    const known = await buildUser(t.db);
    const a = await requestCode(known.mobile!);
    const b = await requestCode(uniqueMobile());
    expect(Object.keys(a.body.data)).toEqual(Object.keys(b.body.data));
    expect(a.status).toBe(b.status);
  });

  it('refuses an invalid phone number', async () => {
    const res = await requestCode('12345');
    expect(res.status).toBe(400);
    expect(res.body.data.issues[0].field).toBe('mobile');
  });

  it('refuses a wrong code (300003), then locks after five wrong tries (300007)', async () => {
    const mobile = uniqueMobile();
    const { body } = await requestCode(mobile);
    const right = t.sms.lastCode(mobile);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      expect((await smsLogin(body.data.smsToken, wrong)).body.code).toBe(ErrorCode.codeMismatch);
    }
    expect((await smsLogin(body.data.smsToken, wrong)).body.code).toBe(
      ErrorCode.codeTriesExhausted,
    );
    // even the right code is refused now
    expect((await smsLogin(body.data.smsToken, right)).body.code).toBe(
      ErrorCode.codeTriesExhausted,
    );
  });

  it('refuses an expired code (300004) and a reused one (300002)', async () => {
    const mobile = uniqueMobile();
    const { body } = await requestCode(mobile);
    await t.db
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCodes.mobile, mobile));
    expect((await smsLogin(body.data.smsToken, t.sms.lastCode(mobile))).body.code).toBe(
      ErrorCode.codeExpired,
    );

    const other = uniqueMobile();
    const sent = await requestCode(other);
    expect((await smsLogin(sent.body.data.smsToken, t.sms.lastCode(other))).body.code).toBe(0);
    const reused = await smsLogin(sent.body.data.smsToken, t.sms.lastCode(other));
    expect(reused.body.code).toBe(ErrorCode.smsCodeInvalid);
    expect((await smsLogin('no-such-token', '123456')).body.code).toBe(ErrorCode.smsCodeInvalid);
  });

  it('allows one send per phone per 60 s (429 + 200016 with Retry-After)', async () => {
    const mobile = uniqueMobile();
    expect((await requestCode(mobile)).body.code).toBe(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/smsCode',
      payload: { mobile },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(ErrorCode.tooFrequent);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(t.sms.sent.filter((item) => item.mobile === mobile)).toHaveLength(1);
  });

  it('caps sends per phone per day', async () => {
    const mobile = uniqueMobile();
    for (let i = 0; i < 10; i++) {
      expect((await requestCode(mobile, `10.1.${i}.1`)).body.code).toBe(0);
      await t.db
        .update(smsCodes)
        .set({ createdAt: new Date(Date.now() - (i + 2) * 61_000) })
        .where(eq(smsCodes.mobile, mobile));
    }
    const capped = await requestCode(mobile, '10.1.99.1');
    expect(capped.status).toBe(429);
    expect(capped.body.code).toBe(ErrorCode.tooFrequent);
  });

  it('registers a new phone once when two of its codes are redeemed at the same moment', async () => {
    const mobile = uniqueMobile();
    const first = await requestCode(mobile);
    const firstCode = t.sms.lastCode(mobile);
    await t.db
      .update(smsCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(smsCodes.mobile, mobile));
    const second = await requestCode(mobile);
    const results = await Promise.all([
      smsLogin(first.body.data.smsToken, firstCode),
      smsLogin(second.body.data.smsToken, t.sms.lastCode(mobile)),
    ]);
    expect(results.map((r) => r.body.code)).toEqual([0, 0]);
    expect(results[0]!.body.data.user.userId).toBe(results[1]!.body.data.user.userId);
  });

  it('links a new user to the inviter of the invite code', async () => {
    const inviter = await buildUser(t.db);
    const mobile = uniqueMobile();
    const { body } = await requestCode(mobile);
    const res = await smsLogin(body.data.smsToken, t.sms.lastCode(mobile), inviter.inviteCode);
    expect(res.body.data.registered).toBe(true);
    expect((await findByMobile(t.db, mobile))?.invitedBy).toBe(inviter.id);
  });
});

describe('registration modes', () => {
  it('keeps a new user pending approval (200010) and refuses registration when closed (200008)', async () => {
    for (const [registration, code] of [
      ['approval', ErrorCode.pendingApproval],
      ['closed', ErrorCode.registrationNotAllowed],
    ] as const) {
      const other = await createTestApp({ registration });
      try {
        const mobile = uniqueMobile();
        const sent = await other.app.inject({
          method: 'POST',
          url: '/api/v1/user/smsCode',
          payload: { mobile },
        });
        const res = await other.app.inject({
          method: 'POST',
          url: '/api/v1/user/smsCodeRegLogin',
          payload: {
            smsToken: sent.json().data.smsToken,
            smsCode: other.sms.lastCode(mobile),
            client: testClient,
          },
        });
        expect(res.json().code).toBe(code);
        expect((await findByMobile(other.db, mobile))?.status).toBe(
          registration === 'approval' ? 'pending' : undefined,
        );
      } finally {
        await other.close();
      }
    }
  });
});

describe('tokens', () => {
  it('answers a bad token with 401 and 100003', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      headers: { authorization: 'Bearer nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.tokenExpired);
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/user' });
    expect(none.statusCode).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/v1/user/logout', headers })).json().code,
    ).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user', headers })).statusCode).toBe(
      401,
    );
  });

  it('revokes every token at once when a user is frozen', async () => {
    const user = await buildUser(t.db);
    const a = await authHeader(t.db, user.id);
    const b = await authHeader(t.db, user.id);
    await setStatus(t.db, user.id, 'frozen');
    for (const headers of [a, b]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/user', headers })).statusCode).toBe(
        401,
      );
    }
    await setStatus(t.db, user.id, 'active');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: a })).statusCode,
    ).toBe(401);
  });

  it('accepts the token cookie, and refuses cookie-authenticated writes from another origin', async () => {
    const user = await buildUser(t.db);
    const token = (await authHeader(t.db, user.id)).authorization.slice(7);
    const cookie = { cookie: `token=${token}` };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: cookie })).statusCode,
    ).toBe(200);
    const crossSite = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers: { ...cookie, origin: 'https://evil.example' },
      payload: { nickname: '坏人' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe(ErrorCode.permissionDenied);
    const sameSite = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers: { ...cookie, origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: { nickname: '好人' },
    });
    expect(sameSite.json().data.nickname).toBe('好人');
  });

  it('logs in with a stale token still attached', async () => {
    const user = await buildUser(t.db, { password: 'Secret123' });
    const res = await passwordLogin(user.mobile!, 'Secret123', { authorization: 'Bearer stale' });
    expect(res.body.code).toBe(0);
  });
});
