// Who is told of an administrator's change to an account (the `account` kind): its owner, while
// the account stays active — not when it is disabled (they could not read it), but when it is
// enabled again; never the administrator who did it; nobody who turned the kind off.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type Notification, type NotificationList } from '@library/contract';
import { notifications } from '../../db/schema/index.js';
import { authHeader, buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let adminId: number;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  adminId = (await buildUser(t.db, { roles: [Role.admin] })).id;
  adminHeaders = await authHeader(t.db, adminId);
});
afterAll(() => t.close());

type Headers = Record<string, string>;

async function okData<T>(res: Promise<{ status: number; body: { code: number; data: unknown } }>) {
  const { status, body } = await res;
  expect(body.code, JSON.stringify(body)).toBe(0);
  expect(status).toBe(200);
  return body.data as T;
}

const events = async (headers: Headers) =>
  (await okData<NotificationList>(t.call('GET', '/api/v1/notification', headers))).list
    .map((item: Notification) => item.event)
    .reverse();

const admin = (path: string, body: object) =>
  okData(t.call('PUT', `/api/system/v1/users/${path}`, adminHeaders, body));

async function someone(status?: 'pending') {
  const user = await buildUser(t.db, { status });
  return { id: user.id, headers: () => authHeader(t.db, user.id) };
}

describe('an administrator’s changes to an account', () => {
  it('tells the owner of what changed while the account is active, and of being enabled again — not of being disabled', async () => {
    const user = await someone();
    await admin(`${user.id}/state`, { state: 'disabled' });
    // nothing kept for a disabled account
    expect(
      await t.db.select().from(notifications).where(eq(notifications.userId, user.id)),
    ).toEqual([]);
    await admin(`${user.id}/state`, { state: 'normal' });
    // normal again while normal: nothing changed, nobody told
    await admin(`${user.id}/state`, { state: 'normal' });
    await admin(`${user.id}/role`, { roles: [Role.admin] });
    await admin(`${user.id}/role`, { roles: [Role.admin] });
    await admin(`${user.id}/password`, { password: 'NewSecret123' });
    await admin(`${user.id}/permission`, { overrides: { createSpace: false } });
    await admin(`${user.id}/permission`, { overrides: { createSpace: false } });
    await admin(`${user.id}/quota`, { overrides: { spaces: 5 } });

    const headers = await user.headers();
    expect(await events(headers)).toEqual([
      'accountEnabled',
      'accountRoles',
      'accountPassword',
      'accountPermission',
      'accountQuota',
    ]);
    const list = (await okData<NotificationList>(t.call('GET', '/api/v1/notification', headers)))
      .list;
    expect(list.find((item) => item.event === 'accountRoles')).toMatchObject({
      type: 'account',
      actor: expect.objectContaining({ userId: String(adminId) }),
      excerpt: Role.admin,
      link: null,
    });
  });

  it('tells a person their registration was approved', async () => {
    const pending = await someone('pending');
    await okData(
      t.call('PUT', `/api/system/v1/users/${pending.id}/approval`, adminHeaders, {
        approved: true,
      }),
    );
    expect(await events(await pending.headers())).toEqual(['accountApproved']);
  });

  it('never tells the administrator of their own change, nor anyone who turned the kind off', async () => {
    await admin(`${adminId}/quota`, { overrides: { spaces: 7 } });
    expect(await events(adminHeaders)).toEqual([]);

    const muted = await someone();
    const headers = await muted.headers();
    await okData(
      t.call('PUT', '/api/v1/notification/settings', headers, { types: { account: false } }),
    );
    await admin(`${muted.id}/password`, { password: 'NewSecret123' });
    expect(await events(await muted.headers())).toEqual([]);
  });
});
