import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@library/contract';
import { authHeader, buildUser, testClient, uniqueEmail } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { findById } from './user.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A valid 1x1 transparent PNG. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const pngSignature = tinyPng.subarray(0, 8);

type Headers = Record<string, string>;

async function call(
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) {
  const res = await t.app.inject({ method, url, headers, payload });
  return { status: res.statusCode, body: res.json() };
}

async function passwordLogin(account: string, password: string, client = testClient) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { account, password, client },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Logs in over HTTP and returns the Authorization header of the new device. */
async function loginHeader(account: string, password: string, client = testClient) {
  const { body } = await passwordLogin(account, password, client);
  expect(body.code).toBe(0);
  return { authorization: `Bearer ${body.data.token}` };
}

async function statusWith(headers: Headers) {
  return (await t.app.inject({ method: 'GET', url: '/api/v1/user', headers })).statusCode;
}

/** A multipart/form-data body with one file part, built by hand. */
function multipartFile(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----vitest-${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function uploadAvatar(
  headers: Headers,
  content: Buffer,
  filename = 'avatar.png',
  contentType = 'image/png',
  field = 'file',
) {
  const body = multipartFile(field, filename, contentType, content);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/avatar',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('GET/PUT /api/v1/user', () => {
  it('shows the own account and stores a trimmed nickname', async () => {
    const email = uniqueEmail();
    const user = await buildUser(t.db, { email, password: 'Secret123' });
    const headers = await authHeader(t.db, user.id);
    const me = await call('GET', '/api/v1/user', headers);
    expect(me.status).toBe(200);
    expect(me.body.code).toBe(0);
    expect(me.body.data).toMatchObject({
      userId: String(user.id),
      nickname: '测试用户',
      mobile: user.mobile,
      email,
      avatar: null,
      status: 'active',
      hasPassword: true,
    });

    const put = await call('PUT', '/api/v1/user', headers, { nickname: '  新的名字  ' });
    expect(put.status).toBe(200);
    expect(put.body.code).toBe(0);
    expect(put.body.data.nickname).toBe('新的名字');
    expect((await call('GET', '/api/v1/user', headers)).body.data.nickname).toBe('新的名字');
  });

  it('accepts a nickname of exactly 32 characters', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const nickname = '名'.repeat(32);
    const res = await call('PUT', '/api/v1/user', headers, { nickname });
    expect(res.body.code).toBe(0);
    expect(res.body.data.nickname).toBe(nickname);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['33 characters', 'x'.repeat(33)],
  ])('refuses a %s nickname with 400 + 100002 naming nickname', async (_label, nickname) => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const res = await call('PUT', '/api/v1/user', headers, { nickname });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.paramError);
    expect(res.body.msg).toContain('nickname');
    expect(res.body.data.issues[0].field).toBe('nickname');
    expect((await call('GET', '/api/v1/user', headers)).body.data.nickname).toBe('测试用户');
  });
});

describe('GET /api/v1/user/inviteCode', () => {
  it('answers the same 8-character code every time, different per user', async () => {
    const user = await buildUser(t.db);
    const other = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const first = await call('GET', '/api/v1/user/inviteCode', headers);
    const second = await call('GET', '/api/v1/user/inviteCode', headers);
    expect(first.status).toBe(200);
    expect(first.body.data.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(second.body.data.inviteCode).toBe(first.body.data.inviteCode);
    const theirs = await call('GET', '/api/v1/user/inviteCode', await authHeader(t.db, other.id));
    expect(theirs.body.data.inviteCode).not.toBe(first.body.data.inviteCode);
  });
});

describe('PUT /api/v1/user/inviteCode', () => {
  it('gives a new code; the old one no longer makes friends', async () => {
    const user = await buildUser(t.db);
    const friend = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const old = (await call('GET', '/api/v1/user/inviteCode', headers)).body.data.inviteCode;
    const reset = await call('PUT', '/api/v1/user/inviteCode', headers);
    expect(reset.body.data.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(reset.body.data.inviteCode).not.toBe(old);
    expect((await call('GET', '/api/v1/user/inviteCode', headers)).body.data.inviteCode).toBe(
      reset.body.data.inviteCode,
    );
    const friendHeaders = await authHeader(t.db, friend.id);
    const byOld = await call('PUT', '/api/v1/friend/inviteCode', friendHeaders, {
      inviteCode: old,
    });
    expect(byOld.body.code).toBe(ErrorCode.userMissing);
    const byNew = await call('PUT', '/api/v1/friend/inviteCode', friendHeaders, {
      inviteCode: reset.body.data.inviteCode,
    });
    expect(byNew.body.code).toBe(0);
  });
});

describe('PUT /api/v1/user/password', () => {
  it('refuses a wrong or missing old password with 200005 and changes nothing', async () => {
    const user = await buildUser(t.db, { password: 'Secret123' });
    const current = await loginHeader(user.mobile!, 'Secret123');
    const otherDevice = await authHeader(t.db, user.id);
    for (const payload of [
      { oldPassword: 'Wrong1234', newPassword: 'NewSecret1' },
      { newPassword: 'NewSecret1' },
    ]) {
      const res = await call('PUT', '/api/v1/user/password', current, payload);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.passwordCheckWrong);
    }
    expect((await passwordLogin(user.mobile!, 'Secret123')).body.code).toBe(0);
    expect((await passwordLogin(user.mobile!, 'NewSecret1')).body.code).toBe(
      ErrorCode.wrongAccountOrPassword,
    );
    expect(await statusWith(otherDevice)).toBe(200);
    expect(await statusWith(current)).toBe(200);
  });

  it('sets the new password, logs other devices out and keeps the current one', async () => {
    const user = await buildUser(t.db, { password: 'Secret123' });
    const current = await loginHeader(user.mobile!, 'Secret123');
    const otherDevice = await loginHeader(user.mobile!, 'Secret123', {
      ...testClient,
      deviceId: 'phone',
    });
    const res = await call('PUT', '/api/v1/user/password', current, {
      oldPassword: 'Secret123',
      newPassword: 'NewSecret1',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, data: null });

    expect(await statusWith(current)).toBe(200);
    const revoked = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      headers: otherDevice,
    });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe(ErrorCode.tokenExpired);

    expect((await passwordLogin(user.mobile!, 'NewSecret1')).body.code).toBe(0);
    const old = await passwordLogin(user.mobile!, 'Secret123');
    expect(old.status).toBe(400);
    expect(old.body.code).toBe(ErrorCode.wrongAccountOrPassword);
  });

  it('lets a user without a password (SMS-registered) set one without oldPassword', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    expect((await call('GET', '/api/v1/user', headers)).body.data.hasPassword).toBe(false);
    const res = await call('PUT', '/api/v1/user/password', headers, { newPassword: 'First1234' });
    expect(res.body.code).toBe(0);
    expect((await call('GET', '/api/v1/user', headers)).body.data.hasPassword).toBe(true);
    expect((await passwordLogin(user.mobile!, 'First1234')).body.code).toBe(0);
    expect((await passwordLogin(String(user.id), 'First1234')).body.code).toBe(0);
  });

  it.each(['1234567', '12345678901234567'])(
    'refuses a new password of %s (8–16 characters) with 100002',
    async (newPassword) => {
      const user = await buildUser(t.db, { password: 'Secret123' });
      const headers = await authHeader(t.db, user.id);
      const res = await call('PUT', '/api/v1/user/password', headers, {
        oldPassword: 'Secret123',
        newPassword,
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.paramError);
      expect(res.body.data.issues[0].field).toBe('newPassword');
      expect((await passwordLogin(user.mobile!, 'Secret123')).body.code).toBe(0);
    },
  );
});

describe('PUT /api/v1/user/email', () => {
  it('binds a lower-cased e-mail that then logs in', async () => {
    const user = await buildUser(t.db, { password: 'Secret123' });
    const headers = await authHeader(t.db, user.id);
    const email = uniqueEmail();
    const res = await call('PUT', '/api/v1/user/email', headers, {
      email: `  ${email.toUpperCase()} `,
      password: 'Secret123',
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data.email).toBe(email);
    expect((await call('GET', '/api/v1/user', headers)).body.data.email).toBe(email);
    const login = await passwordLogin(email, 'Secret123');
    expect(login.body.code).toBe(0);
    expect(login.body.data.user.userId).toBe(String(user.id));
  });

  it('binds an e-mail without a password when the account has none', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const email = uniqueEmail();
    const res = await call('PUT', '/api/v1/user/email', headers, { email });
    expect(res.body.code).toBe(0);
    expect(res.body.data.email).toBe(email);
  });

  it('refuses an e-mail held by another user with 409 + 200012', async () => {
    const email = uniqueEmail();
    const holder = await buildUser(t.db, { email });
    const user = await buildUser(t.db, { password: 'Secret123' });
    const headers = await authHeader(t.db, user.id);
    const res = await call('PUT', '/api/v1/user/email', headers, {
      email: email.toUpperCase(),
      password: 'Secret123',
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(ErrorCode.emailInUse);
    expect((await call('GET', '/api/v1/user', headers)).body.data.email).toBeNull();
    expect((await findById(t.db, holder.id))?.email).toBe(email);
  });

  it('refuses a wrong password with 200005 and keeps the old e-mail', async () => {
    const email = uniqueEmail();
    const user = await buildUser(t.db, { password: 'Secret123', email });
    const headers = await authHeader(t.db, user.id);
    for (const payload of [
      { email: uniqueEmail(), password: 'Wrong1234' },
      { email: uniqueEmail() },
    ]) {
      const res = await call('PUT', '/api/v1/user/email', headers, payload);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.passwordCheckWrong);
    }
    expect((await call('GET', '/api/v1/user', headers)).body.data.email).toBe(email);
  });

  it('refuses an invalid e-mail with 400 + 100002 naming email', async () => {
    const user = await buildUser(t.db, { password: 'Secret123' });
    const headers = await authHeader(t.db, user.id);
    const res = await call('PUT', '/api/v1/user/email', headers, {
      email: 'not-an-email',
      password: 'Secret123',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.paramError);
    expect(res.body.data.issues[0].field).toBe('email');
  });
});

describe('POST /api/v1/user/avatar', () => {
  it('stores a PNG and serves the same bytes at the returned path', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const res = await uploadAvatar(headers, tinyPng);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const avatar: string = res.body.data.avatar;
    expect(avatar).toMatch(new RegExp(`^/v1/user/avatar/${user.id}\\?v=[0-9a-f]{8}$`));
    expect((await call('GET', '/api/v1/user', headers)).body.data.avatar).toBe(avatar);

    // served without a token, as an <img> would load it
    const image = await t.app.inject({ method: 'GET', url: `/api${avatar}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(tinyPng)).toBe(true);
  });

  it('answers 404 + 600002 for a user without an avatar', async () => {
    const user = await buildUser(t.db);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/user/avatar/${user.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ErrorCode.fileMissing);
  });

  it('refuses an HTML file named x.png with 415 + 602001', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const res = await uploadAvatar(headers, html, 'x.png', 'image/png');
    expect(res.status).toBe(415);
    expect(res.body.code).toBe(ErrorCode.fileTypeUnsupported);
    expect((await call('GET', '/api/v1/user', headers)).body.data.avatar).toBeNull();
  });

  it('refuses an empty file with 602002', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const res = await uploadAvatar(headers, Buffer.alloc(0));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.emptyFileUnsupported);
  });

  it('refuses a request without a file part with 100002', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const boundary = 'vitest-no-file';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/avatar',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.paramError);
    expect(res.json().msg).toMatch(/file$/);
  });

  it('accepts exactly 2 MB and refuses 2 MB + 1 byte with 700107', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const limit = 2 * 1024 * 1024;
    const fits = Buffer.alloc(limit);
    pngSignature.copy(fits);
    expect((await uploadAvatar(headers, fits)).body.code).toBe(0);
    const before = (await call('GET', '/api/v1/user', headers)).body.data.avatar;

    const tooBig = Buffer.alloc(limit + 1);
    pngSignature.copy(tooBig);
    const res = await uploadAvatar(headers, tooBig);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(ErrorCode.quotaSingleFileSize);
    expect((await call('GET', '/api/v1/user', headers)).body.data.avatar).toBe(before);
  });

  it('deletes the previous file from disk when the avatar is replaced', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const dir = path.join(t.config.dataDir, 'avatars');
    const first = await uploadAvatar(headers, tinyPng);
    const firstKey = (await findById(t.db, user.id))?.avatarKey;
    expect(firstKey).toBeTruthy();
    expect(fs.existsSync(path.join(dir, firstKey!))).toBe(true);

    const second = await uploadAvatar(headers, tinyPng);
    expect(second.body.code).toBe(0);
    expect(second.body.data.avatar).not.toBe(first.body.data.avatar);
    const secondKey = (await findById(t.db, user.id))?.avatarKey;
    expect(secondKey).toBeTruthy();
    expect(secondKey).not.toBe(firstKey);
    expect(fs.existsSync(path.join(dir, firstKey!))).toBe(false);
    expect(fs.existsSync(path.join(dir, secondKey!))).toBe(true);
    const image = await t.app.inject({ method: 'GET', url: `/api${second.body.data.avatar}` });
    expect(image.statusCode).toBe(200);
  });

  it('requires a login', async () => {
    const res = await uploadAvatar({}, tinyPng);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(ErrorCode.tokenExpired);
  });
});

describe('devices', () => {
  it('lists each login once with exactly one current device', async () => {
    const user = await buildUser(t.db, { password: 'Secret123' });
    const laptop = {
      client: 'web',
      deviceId: 'laptop-1',
      deviceName: 'Firefox on Linux',
      version: '0.1',
    };
    const phone = {
      client: 'web',
      deviceId: 'phone-1',
      deviceName: 'Safari on iPhone',
      version: '0.2',
    };
    const laptopHeaders = await loginHeader(user.mobile!, 'Secret123', laptop);
    await loginHeader(user.mobile!, 'Secret123', phone);

    const res = await call('GET', '/api/v1/user/devices', laptopHeaders);
    expect(res.status).toBe(200);
    const list: Array<Record<string, unknown>> = res.body.data.list;
    expect(list).toHaveLength(2);
    const current = list.filter((device) => device.current === true);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject(laptop);
    expect(list.find((device) => device.current === false)).toMatchObject(phone);
    for (const device of list) {
      expect(device.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(String(device.createdAt)))).toBe(false);
      expect(Number.isNaN(Date.parse(String(device.lastSeenAt)))).toBe(false);
      expect(device).toHaveProperty('ip');
    }
  });

  it('revokes another device by id', async () => {
    const user = await buildUser(t.db, { password: 'Secret123' });
    const mine = await loginHeader(user.mobile!, 'Secret123');
    const theirs = await loginHeader(user.mobile!, 'Secret123', {
      ...testClient,
      deviceId: 'tablet',
    });
    const list: Array<{ id: string; current: boolean }> = (
      await call('GET', '/api/v1/user/devices', mine)
    ).body.data.list;
    const other = list.find((device) => !device.current);
    expect(other).toBeDefined();

    const res = await call('DELETE', `/api/v1/user/devices/${other!.id}`, mine);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, data: null });
    expect(await statusWith(theirs)).toBe(401);
    expect(await statusWith(mine)).toBe(200);
    const after = (await call('GET', '/api/v1/user/devices', mine)).body.data.list;
    expect(after).toHaveLength(1);
    expect(after[0].current).toBe(true);

    // revoking it again: it is gone
    const again = await call('DELETE', `/api/v1/user/devices/${other!.id}`, mine);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe(ErrorCode.dataMissing);
  });

  it("answers another user's device id with 404 + 100007 and leaves it alone", async () => {
    const owner = await buildUser(t.db, { password: 'Secret123' });
    const ownerHeaders = await loginHeader(owner.mobile!, 'Secret123');
    const ownerDevice = (await call('GET', '/api/v1/user/devices', ownerHeaders)).body.data.list[0]
      .id;
    const intruder = await buildUser(t.db);
    const res = await call(
      'DELETE',
      `/api/v1/user/devices/${ownerDevice}`,
      await authHeader(t.db, intruder.id),
    );
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(ErrorCode.dataMissing);
    expect(await statusWith(ownerHeaders)).toBe(200);
  });

  it('refuses a non-uuid id with 400 + 100002', async () => {
    const user = await buildUser(t.db);
    const res = await call('DELETE', '/api/v1/user/devices/123', await authHeader(t.db, user.id));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.paramError);
    expect(res.body.data.issues[0].field).toBe('id');
  });
});
