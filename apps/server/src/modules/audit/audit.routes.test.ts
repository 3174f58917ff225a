// The audit log through the real calls: logins (refused and made) and logouts with the address
// and device, an administrator's changes with before and after, the filters, the CSV export's
// cells, who may read it, and the chain staying whole while the app writes it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, Role, type AuditEntry } from '@library/contract';
import { users } from '../../db/schema/index.js';
import crypto from 'node:crypto';
import { authHeader, buildUser, testClient, uniqueMobile } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { verifyAuditChain } from './audit.verify.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const address = '203.0.113.7';
const device = { ...testClient, deviceName: '张三的手机' };

async function anAdmin() {
  const admin = await buildUser(t.db, { roles: [Role.admin] });
  return { admin, headers: await authHeader(t.db, admin.id) };
}

async function audit(headers: Headers, query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/system/v1/audit?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: AuditEntry[]; total: number };
}

const logIn = (account: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    remoteAddress: address,
    payload: { account, password, client: device },
  });

describe('logins and logouts', () => {
  it('records a refused login, a login and a logout with the address and the device', async () => {
    const { headers } = await anAdmin();
    const user = await buildUser(t.db, { password: 'right-pass-1' });
    expect((await logIn(user.mobile!, 'wrong-pass-1')).json().code).toBe(
      ErrorCode.wrongAccountOrPassword,
    );
    const login = await logIn(user.mobile!, 'right-pass-1');
    expect(login.statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/user/logout',
      remoteAddress: address,
      headers: { authorization: `Bearer ${login.json().data.token}` },
    });
    expect(logout.statusCode).toBe(200);

    const failed = await audit(headers, `action=user.login.failed&targetType=user`);
    const refusal = failed.list.find((row) => row.targetId === String(user.id));
    expect(refusal).toMatchObject({
      actorId: null,
      actorName: null,
      action: 'user.login.failed',
      address,
      device: '张三的手机',
      after: {
        method: 'password',
        account: user.mobile,
        code: ErrorCode.wrongAccountOrPassword,
      },
    });
    expect(JSON.stringify(refusal)).not.toContain('wrong-pass-1');

    // `user.login` is a prefix: it finds the refusal too; the actor's own rows, newest first
    const own = await audit(headers, `actorId=${user.id}&action=user.`);
    expect(own.list.map((row) => row.action)).toEqual(['user.logout', 'user.login']);
    expect(own.total).toBe(2);
    expect(own.list[1]).toMatchObject({
      actorId: String(user.id),
      actorName: '测试用户',
      targetType: 'user',
      targetId: String(user.id),
      address,
      device: '张三的手机',
      after: { method: 'password', client: 'web', deviceId: 'test-device' },
    });
    expect(own.list[0]).toMatchObject({ address, device: '张三的手机' });
  });

  it('records a login refused for the state of the account', async () => {
    const { headers } = await anAdmin();
    const user = await buildUser(t.db, { password: 'right-pass-1', status: 'disabled' });
    expect((await logIn(user.mobile!, 'right-pass-1')).json().code).toBe(ErrorCode.userDisabled);
    const failed = await audit(headers, `action=user.login.failed`);
    expect(failed.list.find((row) => row.targetId === String(user.id))?.after).toMatchObject({
      code: ErrorCode.userDisabled,
    });
  });
  it('records an SMS login that registers, a wrong code, and a device logged out from another', async () => {
    const { headers } = await anAdmin();
    const mobile = uniqueMobile();
    const from = `198.51.100.${crypto.randomInt(1, 255)}`;
    const sms = (path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/user/${path}`, remoteAddress: from, payload });
    const { smsToken } = (await sms('smsCode', { mobile })).json().data;
    const right = t.sms.lastCode(mobile);
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await sms('smsCodeRegLogin', { smsToken, smsCode: wrong, client: device });
    expect(refused.json().code).toBe(ErrorCode.codeMismatch);
    const made = await sms('smsCodeRegLogin', { smsToken, smsCode: right, client: device });
    expect(made.json().data.registered).toBe(true);
    const userId = Number(made.json().data.user.userId);

    const failed = (await audit(headers, 'action=user.login.failed&pageSize=100')).list.filter(
      (row) => row.address === from,
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      actorId: null,
      targetId: null,
      device: '张三的手机',
      after: { method: 'sms', code: ErrorCode.codeMismatch },
    });
    const login = (await audit(headers, `actorId=${userId}`)).list;
    expect(login).toHaveLength(1);
    expect(login[0]).toMatchObject({
      action: 'user.login',
      address: from,
      after: { method: 'sms', registered: true },
    });

    // the same account on a second device, logged out from the first
    const mine = { authorization: `Bearer ${made.json().data.token}` };
    await authHeader(t.db, userId);
    const devices = (
      await t.app.inject({ method: 'GET', url: '/api/v1/user/devices', headers: mine })
    ).json().data.list as Array<{ id: string; current: boolean }>;
    const other = devices.find((entry) => !entry.current)!;
    const out = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/user/devices/${other.id}`,
      headers: mine,
      remoteAddress: from,
    });
    expect(out.statusCode).toBe(200);
    const rows = (await audit(headers, `actorId=${userId}&action=user.logout`)).list;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      address: from,
      device: testClient.deviceName,
      after: { tokenId: other.id },
    });
  });
});

describe('administrative acts', () => {
  it('records a state change with before and after, and nothing for a refused one', async () => {
    const { admin, headers } = await anAdmin();
    const user = await buildUser(t.db);
    const frozen = await t.app.inject({
      method: 'PUT',
      url: `/api/system/v1/users/${user.id}/state`,
      headers,
      remoteAddress: address,
      payload: { state: 'frozen' },
    });
    expect(frozen.statusCode).toBe(200);
    // refused inside its transaction (pending accounts are approved first): no act, no row
    const pending = await buildUser(t.db, { status: 'pending' });
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/system/v1/users/${pending.id}/state`,
      headers,
      payload: { state: 'frozen' },
    });
    expect(refused.json().code).toBe(ErrorCode.operationNotAllowed);

    const rows = await audit(headers, `actorId=${admin.id}&action=admin.user.state`);
    expect(rows.list).toHaveLength(1);
    expect(rows.list[0]).toMatchObject({
      action: 'admin.user.state',
      targetType: 'user',
      targetId: String(user.id),
      before: { state: 'normal' },
      after: { state: 'frozen' },
      address,
    });
  });

  it('records roles, switches, quotas and password resets', async () => {
    const { admin, headers } = await anAdmin();
    const user = await buildUser(t.db);
    const put = (path: string, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/system/v1/users/${user.id}/${path}`,
        headers,
        payload,
      });
    expect((await put('role', { roles: [Role.admin] })).statusCode).toBe(200);
    expect((await put('permission', { overrides: { createSpace: false } })).statusCode).toBe(200);
    expect((await put('quota', { overrides: { spaces: 3 } })).statusCode).toBe(200);
    expect((await put('password', { password: 'new-pass-123' })).statusCode).toBe(200);

    const rows = (await audit(headers, `actorId=${admin.id}&targetType=user`)).list.reverse();
    expect(rows.map((row) => row.action)).toEqual([
      'admin.user.role',
      'admin.user.features',
      'admin.user.quota',
      'admin.user.password',
    ]);
    expect(rows[0]).toMatchObject({ before: { roles: [] }, after: { roles: [Role.admin] } });
    expect(rows[1]?.after).toMatchObject({ createSpace: false });
    expect(rows[2]?.after).toMatchObject({ spaces: 3 });
    expect(rows[3]).toMatchObject({ before: null, after: null });
    expect(JSON.stringify(rows)).not.toContain('new-pass-123');
  });
  it('records registration decisions and roles made, changed and deleted', async () => {
    const { admin, headers } = await anAdmin();
    const pending = await buildUser(t.db, { status: 'pending' });
    const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(
      (await call('PUT', `/api/system/v1/users/${pending.id}/approval`, { approved: false }))
        .statusCode,
    ).toBe(200);
    const name = `AUDITED_${admin.id}`;
    expect((await call('POST', '/api/system/v1/roles', { name, title: '审计' })).statusCode).toBe(
      200,
    );
    expect(
      (await call('PUT', `/api/system/v1/roles/${name}`, { resources: ['users:read'] })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/system/v1/roles/${name}`)).statusCode).toBe(200);

    const rows = (await audit(headers, `actorId=${admin.id}&action=admin.`)).list.reverse();
    expect(rows.map((row) => [row.action, row.targetType, row.targetId])).toEqual([
      ['admin.user.approval', 'user', String(pending.id)],
      ['admin.role.create', 'role', name],
      ['admin.role.update', 'role', name],
      ['admin.role.delete', 'role', name],
    ]);
    expect(rows[0]).toMatchObject({ before: { state: 'pending' }, after: { approved: false } });
    expect(rows[2]).toMatchObject({
      before: { resources: [] },
      after: { resources: ['users:read'] },
    });
  });
});

describe('reading the log', () => {
  it('is for system administrators alone', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    for (const url of ['/api/system/v1/audit', '/api/system/v1/audit/export']) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe(ErrorCode.permissionCheckFailed);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('filters by time and pages', async () => {
    const { headers } = await anAdmin();
    const user = await buildUser(t.db, { password: 'right-pass-1' });
    const start = new Date(Date.now() - 1000).toISOString();
    await logIn(user.mobile!, 'right-pass-1');
    await logIn(user.mobile!, 'right-pass-1');
    const both = await audit(headers, `actorId=${user.id}&from=${encodeURIComponent(start)}`);
    expect(both.total).toBe(2);
    const page = await audit(headers, `actorId=${user.id}&page=1&pageSize=1`);
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.list[0]?.id).toBe(both.list[1]?.id);
    expect((await audit(headers, `actorId=${user.id}&to=${encodeURIComponent(start)}`)).total).toBe(
      0,
    );
  });

  it('exports CSV with the orders export rules for cells', async () => {
    const { admin, headers } = await anAdmin();
    await t.db.update(users).set({ nickname: '=HYPERLINK("x")' }).where(eq(users.id, admin.id));
    const user = await buildUser(t.db);
    await t.app.inject({
      method: 'PUT',
      url: `/api/system/v1/users/${user.id}/state`,
      headers,
      payload: { state: 'disabled' },
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/system/v1/audit/export?actorId=${admin.id}`,
      headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{8}\.csv"/);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const lines = csv.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actorId,actor,action,targetType,targetId,spaceId,before,after,address,device',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${admin.id}","'=HYPERLINK(""x"")","admin.user.state","user"`);
    expect(lines[1]).toContain('"{""state"":""normal""}","{""state"":""disabled""}"');
  });

  it('keeps the chain whole while the app writes it', async () => {
    const report = await verifyAuditChain(t.db);
    expect(report.rows).toBeGreaterThan(5);
    expect(report.problems).toEqual([]);
  });
});
