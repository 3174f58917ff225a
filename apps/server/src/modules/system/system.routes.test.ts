import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@library/contract';
import { authHeader, buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('GET /api/system/v1/users/loginRole', () => {
  it('gives a normal user only the default role and no admin menu', async () => {
    const user = await buildUser(t.db);
    const res = await get('/api/system/v1/users/loginRole', await authHeader(t.db, user.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 0,
      data: { devicePolicy: ['DEFAULT_ROLE'], deviceMenu: [] },
    });
  });

  it('gives an administrator the ADMIN role and the admin menus', async () => {
    const admin = await buildUser(t.db, { roles: ['ADMIN'] });
    const res = await get('/api/system/v1/users/loginRole', await authHeader(t.db, admin.id));
    const { devicePolicy, deviceMenu } = res.json().data;
    expect(devicePolicy).toContain('DEFAULT_ROLE');
    expect(devicePolicy).toContain('ADMIN');
    expect(devicePolicy.filter((role: string) => role === 'DEFAULT_ROLE')).toHaveLength(1);
    expect(deviceMenu.length).toBeGreaterThan(0);
    expect(deviceMenu).toContain('sys-manage');
  });

  it('refuses an anonymous caller with 401 + 100003', async () => {
    const res = await get('/api/system/v1/users/loginRole');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.tokenExpired);
  });
});

describe('health and readiness', () => {
  it('answers GET /api/health without a token, naming the database kind', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.status).toBe('ok');
    expect(body.data.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.data.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.data.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('answers GET /api/health even with a stale token attached', async () => {
    const res = await get('/api/health', { authorization: 'Bearer stale' });
    expect(res.statusCode).toBe(200);
  });

  it('answers GET /api/ready while the database answers', async () => {
    const res = await get('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: null });
  });
});

describe('envelope', () => {
  it('answers a known path with the wrong method with 405 and the allowed methods', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/v1/user' });
    expect(res.statusCode).toBe(405);
    expect(res.json().code).toBe(ErrorCode.notSupported);
    expect(res.headers.allow).toContain('GET');
    expect(res.headers.allow).toContain('PUT');
    const withParam = await t.app.inject({ method: 'POST', url: '/api/v1/user/devices/abc' });
    expect(withParam.statusCode).toBe(405);
    expect(withParam.headers.allow).toBe('DELETE');
  });

  it('answers an unknown API route with 404 + 100007', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/no/such/route?x=1' });
      expect(res.statusCode).toBe(404);
      const body = res.json();
      expect(body.code).toBe(ErrorCode.dataMissing);
      expect(body.data).toBeNull();
      expect(body.msg).toContain('/api/v1/no/such/route');
      expect(body.msg).not.toContain('x=1');
    }
  });

  const expired = {
    en_US: 'Your login has expired, please log in again',
    zh_TW: '登入已過期，請重新登入',
    zh_CN: '登录已过期，请重新登录',
  } as const;

  it.each([
    ['locale: en_US', { locale: 'en_US' }, 'en_US'],
    ['locale: zh_TW', { locale: 'zh_TW' }, 'zh_TW'],
    ['accept-language: zh-TW', { 'accept-language': 'zh-TW,zh;q=0.9' }, 'zh_TW'],
    ['accept-language: en-GB', { 'accept-language': 'en-GB,en;q=0.8' }, 'en_US'],
    ['no language header', {}, 'zh_CN'],
    ['an unknown locale header', { locale: 'fr_FR' }, 'zh_CN'],
  ] as const)('speaks the language asked for by %s', async (_label, headers, locale) => {
    const res = await get('/api/v1/user', headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(expired[locale]);
  });

  it('prefers the locale header over accept-language', async () => {
    const res = await get('/api/v1/user', { locale: 'en_US', 'accept-language': 'zh-TW' });
    expect(res.json().msg).toBe(expired.en_US);
  });

  it('carries a fresh x-request-id on successes and failures, ignoring a client-sent one', async () => {
    const ok = await get('/api/health', { 'x-request-id': 'client-chosen' });
    const failed = await get('/api/v1/user');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(ok.headers['x-request-id']).toMatch(uuid);
    expect(failed.headers['x-request-id']).toMatch(uuid);
    expect(ok.headers['x-request-id']).not.toBe(failed.headers['x-request-id']);
  });
});

describe('GET /api/docs/json', () => {
  it('serves an OpenAPI document listing the login route, without a token', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/user/login']).toHaveProperty('post');
    expect(doc.paths['/api/v1/user']).toHaveProperty('get');
  });
});
