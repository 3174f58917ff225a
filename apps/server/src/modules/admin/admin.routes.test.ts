// The user administration through its real calls: who may use it, the list, account states and
// what they do to logins and tokens, registration approval, roles and resources, and the rule
// that the library keeps an administrator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, Role } from '@library/contract';
import {
  authHeader,
  buildUser,
  testClient,
  uniqueEmail,
  uniqueMobile,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function anAdmin() {
  const admin = await buildUser(t.db, { roles: [Role.admin], password: 'admin-pass-1' });
  return { admin, headers: await authHeader(t.db, admin.id) };
}

const logIn = (account: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { account, password, client: testClient },
  });

describe('who may administer', () => {
  it('refuses callers without the resource with 403 + 700007, and anonymous ones with 401', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    for (const [method, url] of [
      ['GET', '/api/system/v1/users'],
      ['PUT', `/api/system/v1/users/${user.id}/state`],
      ['GET', '/api/system/v1/roles'],
      ['POST', '/api/system/v1/roles'],
    ] as const) {
      const payload =
        method === 'GET' ? undefined : { state: 'disabled', name: 'X_ROLE', title: 'x' };
      const res = await call(method, url, headers, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe(ErrorCode.permissionCheckFailed);
    }
    expect((await call('GET', '/api/system/v1/users', {})).statusCode).toBe(401);
  });
});

describe('GET /api/system/v1/users', () => {
  it('pages with the grid defaults and finds users by name, phone, e-mail and ID', async () => {
    const { headers } = await anAdmin();
    const marker = `检索${Date.now().toString(36)}`;
    const mobile = uniqueMobile();
    const email = uniqueEmail();
    const found = await buildUser(t.db, { mobile, email });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers: await authHeader(t.db, found.id),
      payload: { nickname: `${marker}甲` },
    });
    for (let index = 0; index < 12; index += 1) await buildUser(t.db);

    const first = (await call('GET', '/api/system/v1/users', headers)).json().data;
    expect(first.pageSize).toBe(10);
    expect(first.page).toBe(0);
    expect(first.list).toHaveLength(10);
    expect(first.total).toBeGreaterThanOrEqual(14);

    for (const keywords of [
      marker,
      mobile.slice(3, 9),
      email.slice(5, 12).toUpperCase(),
      String(found.id),
    ]) {
      const res = await call(
        'GET',
        `/api/system/v1/users?keywords=${encodeURIComponent(keywords)}`,
        headers,
      );
      const ids = res.json().data.list.map((user: { userId: string }) => user.userId);
      expect(ids, keywords).toContain(String(found.id));
    }
    const byName = (
      await call('GET', `/api/system/v1/users?keywords=${encodeURIComponent(marker)}`, headers)
    ).json().data;
    expect(byName.total).toBe(1);
    expect(byName.list[0]).toMatchObject({
      userId: String(found.id),
      nickname: `${marker}甲`,
      mobile,
      email,
      state: 'normal',
      roles: [],
      storageBytes: 0,
    });
    expect(byName.list[0].lastLoginAt).not.toBeNull();
  });

  it('filters by state and role, sorts, and counts pending registrations', async () => {
    const { headers } = await anAdmin();
    const before = (await call('GET', '/api/system/v1/users?state=pending', headers)).json().data;
    const pending = await buildUser(t.db, { status: 'pending' });
    const after = (
      await call('GET', '/api/system/v1/users?state=pending&pageSize=50', headers)
    ).json().data;
    expect(after.pendingCount).toBe(before.pendingCount + 1);
    expect(after.list.map((user: { userId: string }) => user.userId)).toContain(String(pending.id));
    expect(after.list.every((user: { state: string }) => user.state === 'pending')).toBe(true);

    const admins = (
      await call('GET', '/api/system/v1/users?role=ADMIN&pageSize=50', headers)
    ).json().data;
    expect(admins.list.every((user: { roles: string[] }) => user.roles.includes('ADMIN'))).toBe(
      true,
    );

    const oldest = (
      await call('GET', '/api/system/v1/users?sort=createdAt&order=asc&pageSize=2', headers)
    ).json().data.list;
    expect(Date.parse(oldest[0].createdAt)).toBeLessThanOrEqual(Date.parse(oldest[1].createdAt));
  });

  it('answers a bad page size or state with 400', async () => {
    const { headers } = await anAdmin();
    for (const query of ['pageSize=51', 'state=gone', 'page=-1', 'sort=password']) {
      expect((await call('GET', `/api/system/v1/users?${query}`, headers)).statusCode, query).toBe(
        400,
      );
    }
  });
});

describe('account states', () => {
  const codes = {
    disabled: ErrorCode.userDisabled,
    cancelled: ErrorCode.accountCancelled,
    suspended: ErrorCode.accountSuspended,
    frozen: ErrorCode.accountFrozen,
  } as const;

  for (const [state, code] of Object.entries(codes)) {
    it(`${state}: the next request with an old token is 401, login answers ${code}, normal restores`, async () => {
      const { headers } = await anAdmin();
      const mobile = uniqueMobile();
      const user = await buildUser(t.db, { mobile, password: 'user-pass-1' });
      const token = await authHeader(t.db, user.id);
      expect((await call('GET', '/api/v1/user', token)).statusCode).toBe(200);

      const set = await call('PUT', `/api/system/v1/users/${user.id}/state`, headers, { state });
      expect(set.json()).toMatchObject({ code: 0, data: { state } });
      expect((await call('GET', '/api/v1/user', token)).statusCode).toBe(401);
      const refused = await logIn(mobile, 'user-pass-1');
      expect(refused.json().code).toBe(code);

      await call('PUT', `/api/system/v1/users/${user.id}/state`, headers, { state: 'normal' });
      expect((await logIn(mobile, 'user-pass-1')).json().code).toBe(0);
    });
  }

  it('keeps an administrator: not oneself, not the last one who can log in', async () => {
    const { admin, headers } = await anAdmin();
    const self = await call('PUT', `/api/system/v1/users/${admin.id}/state`, headers, {
      state: 'disabled',
    });
    expect(self.json().code).toBe(ErrorCode.operationNotAllowed);
    const demoteSelf = await call('PUT', `/api/system/v1/users/${admin.id}/role`, headers, {
      roles: [],
    });
    expect(demoteSelf.json().code).toBe(ErrorCode.operationNotAllowed);

    // every other administrator gone: the one left cannot be disabled by a user manager either
    const { headers: managerHeaders, manager } = await aUserManager();
    const admins = (
      await call('GET', '/api/system/v1/users?role=ADMIN&state=normal&pageSize=50', headers)
    ).json().data.list;
    for (const other of admins) {
      if (other.userId === String(admin.id)) continue;
      expect(
        (
          await call('PUT', `/api/system/v1/users/${other.userId}/state`, headers, {
            state: 'suspended',
          })
        ).json().code,
      ).toBe(0);
    }
    const last = await call('PUT', `/api/system/v1/users/${admin.id}/state`, managerHeaders, {
      state: 'disabled',
    });
    expect(last.json().code).toBe(ErrorCode.operationNotAllowed);
    const lastRole = await call('PUT', `/api/system/v1/users/${admin.id}/role`, managerHeaders, {
      roles: [],
    });
    expect(lastRole.json().code).toBe(ErrorCode.operationNotAllowed);
    // and with a second administrator, the first may go
    const second = await buildUser(t.db, { roles: [Role.admin] });
    expect(
      (
        await call('PUT', `/api/system/v1/users/${admin.id}/role`, managerHeaders, { roles: [] })
      ).json().code,
    ).toBe(0);
    await call('PUT', `/api/system/v1/users/${admin.id}/role`, await authHeader(t.db, second.id), {
      roles: [Role.admin],
    });
    for (const other of admins) {
      await call('PUT', `/api/system/v1/users/${other.userId}/state`, headers, { state: 'normal' });
    }
    expect(manager.id).toBeGreaterThan(0);
  });

  it('answers 700004 for a user that does not exist', async () => {
    const { headers } = await anAdmin();
    const res = await call('PUT', '/api/system/v1/users/999999999/state', headers, {
      state: 'disabled',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ErrorCode.systemUserMissing);
  });
});

/** A role granted the user calls but not ADMIN. */
async function aUserManager() {
  const { headers: adminHeaders } = await anAdmin();
  const name = `MANAGER_${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  await call('POST', '/api/system/v1/roles', adminHeaders, { name, title: '用户管理员' });
  const granted = await call('PUT', `/api/system/v1/roles/${name}`, adminHeaders, {
    resources: ['sys-manage', 'sys-users', 'users:read', 'users:write', 'roles:write'],
  });
  expect(granted.json().code).toBe(0);
  const manager = await buildUser(t.db, { roles: [name] });
  return { manager, name, headers: await authHeader(t.db, manager.id) };
}

describe('registration approval', () => {
  it('lets an approved registration log in and removes a rejected one', async () => {
    const { headers } = await anAdmin();
    const mobile = uniqueMobile();
    const waiting = await buildUser(t.db, { mobile, password: 'user-pass-1', status: 'pending' });
    expect((await logIn(mobile, 'user-pass-1')).json().code).toBe(ErrorCode.pendingApproval);
    // pending is left by deciding, not by setting a state
    expect(
      (
        await call('PUT', `/api/system/v1/users/${waiting.id}/state`, headers, { state: 'normal' })
      ).json().code,
    ).toBe(ErrorCode.operationNotAllowed);

    const approved = await call('PUT', `/api/system/v1/users/${waiting.id}/approval`, headers, {
      approved: true,
    });
    expect(approved.json()).toMatchObject({ code: 0, data: { state: 'normal' } });
    expect((await logIn(mobile, 'user-pass-1')).json().code).toBe(0);
    const again = await call('PUT', `/api/system/v1/users/${waiting.id}/approval`, headers, {
      approved: true,
    });
    expect(again.json().code).toBe(ErrorCode.pendingApproval);

    const rejectedMobile = uniqueMobile();
    const rejected = await buildUser(t.db, {
      mobile: rejectedMobile,
      password: 'user-pass-1',
      status: 'pending',
    });
    const no = await call('PUT', `/api/system/v1/users/${rejected.id}/approval`, headers, {
      approved: false,
    });
    expect(no.json()).toMatchObject({ code: 0, data: null });
    expect((await logIn(rejectedMobile, 'user-pass-1')).json().code).toBe(
      ErrorCode.wrongAccountOrPassword,
    );
  });
});

describe('roles and resources', () => {
  it('creates, grants, renames and deletes roles with the catalogue codes', async () => {
    const { headers } = await anAdmin();
    const name = `EDITOR_${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const created = await call('POST', '/api/system/v1/roles', headers, { name, title: '编辑' });
    expect(created.json()).toMatchObject({
      code: 0,
      data: { name, builtin: false, resources: [], userCount: 0 },
    });
    expect(
      (await call('POST', '/api/system/v1/roles', headers, { name, title: '又一个' })).json().code,
    ).toBe(ErrorCode.resourceOrRoleNameDuplicate);
    expect(
      (
        await call('PUT', `/api/system/v1/roles/${name}`, headers, { resources: ['no-such'] })
      ).json().code,
    ).toBe(ErrorCode.resourceMissing);
    expect(
      (
        await call('PUT', `/api/system/v1/roles/${Role.default}`, headers, {
          resources: ['users:read'],
        })
      ).json().code,
    ).toBe(ErrorCode.resourceOutOfRange);
    expect(
      (await call('PUT', `/api/system/v1/roles/${Role.admin}`, headers, { name: 'BOSS' })).json()
        .code,
    ).toBe(ErrorCode.operationNotAllowed);
    expect((await call('DELETE', `/api/system/v1/roles/${Role.admin}`, headers)).json().code).toBe(
      ErrorCode.operationNotAllowed,
    );
    expect((await call('DELETE', '/api/system/v1/roles/NO_SUCH_ROLE', headers)).json().code).toBe(
      ErrorCode.systemRoleMissing,
    );
    expect(
      (await call('PUT', `/api/system/v1/roles/${name}`, headers, { name: Role.admin })).json()
        .code,
    ).toBe(ErrorCode.resourceOrRoleNameDuplicate);

    // granted the users list: its holder reads it, cannot change a state, and sees the menus
    await call('PUT', `/api/system/v1/roles/${name}`, headers, {
      resources: ['sys-manage', 'sys-users', 'users:read'],
    });
    const holder = await buildUser(t.db);
    expect(
      (
        await call('PUT', `/api/system/v1/users/${holder.id}/role`, headers, {
          roles: [name, 'NOT_A_ROLE'],
        })
      ).json().code,
    ).toBe(ErrorCode.systemRoleMissing);
    const given = await call('PUT', `/api/system/v1/users/${holder.id}/role`, headers, {
      roles: [name],
    });
    expect(given.json().data.roles).toEqual([name]);
    const holderHeaders = await authHeader(t.db, holder.id);
    expect((await call('GET', '/api/system/v1/users', holderHeaders)).statusCode).toBe(200);
    expect(
      (
        await call('PUT', `/api/system/v1/users/${holder.id}/state`, holderHeaders, {
          state: 'normal',
        })
      ).json().code,
    ).toBe(ErrorCode.permissionCheckFailed);
    const menus = (await call('GET', '/api/system/v1/users/loginRole', holderHeaders)).json().data;
    expect(menus).toEqual({
      devicePolicy: [Role.default, name],
      deviceMenu: ['sys-manage', 'sys-users'],
    });

    // in use: not deleted; renamed: the holder keeps it under the new name
    expect((await call('DELETE', `/api/system/v1/roles/${name}`, headers)).json().code).toBe(
      ErrorCode.operationNotAllowed,
    );
    const renamed = `${name}_2`;
    expect(
      (await call('PUT', `/api/system/v1/roles/${name}`, headers, { name: renamed })).json().data
        .userCount,
    ).toBe(1);
    expect(
      (await call('GET', '/api/system/v1/users/loginRole', holderHeaders)).json().data.devicePolicy,
    ).toContain(renamed);
    await call('PUT', `/api/system/v1/users/${holder.id}/role`, headers, { roles: [] });
    expect((await call('DELETE', `/api/system/v1/roles/${renamed}`, headers)).json().code).toBe(0);
    const list = (await call('GET', '/api/system/v1/roles', headers)).json().data.list;
    expect(list.map((role: { name: string }) => role.name)).not.toContain(renamed);
    expect(list.find((role: { name: string }) => role.name === Role.admin).resources).toContain(
      'users:write',
    );
  });

  it('lists the resource catalogue', async () => {
    const { headers } = await anAdmin();
    const list = (await call('GET', '/api/system/v1/resources', headers)).json().data.list;
    expect(list).toContainEqual({ key: 'sys-users', kind: 'menu' });
    expect(list).toContainEqual({ key: 'users:write', kind: 'api' });
  });
});

describe('accounts made and reset by an administrator', () => {
  it('creates an account that logs in, refuses a phone in use, resets a password', async () => {
    const { headers } = await anAdmin();
    const mobile = uniqueMobile();
    const created = await call('POST', '/api/system/v1/users', headers, {
      nickname: '新同事',
      mobile,
      password: 'first-pass-1',
      roles: [],
    });
    expect(created.json()).toMatchObject({
      code: 0,
      data: { nickname: '新同事', mobile, state: 'normal' },
    });
    const userId = created.json().data.userId;
    const again = await call('POST', '/api/system/v1/users', headers, {
      nickname: 'x',
      mobile,
      password: 'first-pass-1',
    });
    expect(again.json().code).toBe(ErrorCode.mobileInUse);
    const neither = await call('POST', '/api/system/v1/users', headers, {
      nickname: 'x',
      password: 'first-pass-1',
    });
    expect(neither.statusCode).toBe(400);

    const login = await logIn(mobile, 'first-pass-1');
    const token = { authorization: `Bearer ${login.json().data.token}` };
    const reset = await call('PUT', `/api/system/v1/users/${userId}/password`, headers, {
      password: 'second-pass-2',
    });
    expect(reset.json().code).toBe(0);
    expect((await call('GET', '/api/v1/user', token)).statusCode).toBe(401);
    expect((await logIn(mobile, 'first-pass-1')).json().code).toBe(
      ErrorCode.wrongAccountOrPassword,
    );
    expect((await logIn(mobile, 'second-pass-2')).json().code).toBe(0);
    const short = await call('PUT', `/api/system/v1/users/${userId}/password`, headers, {
      password: 'short',
    });
    expect(short.statusCode).toBe(400);
  });
});
