// Friends through the real calls: invite codes (also on SMS registration), requests answered
// once, groups and remarks, removing, and the switch and quotas that limit befriending.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, Role } from '@library/contract';
import { authHeader, buildUser, testClient, uniqueMobile } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { findById } from '../user/user.repo.js';

let t: TestApp;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
  const admin = await buildUser(t.db, { roles: [Role.admin] });
  adminHeaders = await authHeader(t.db, admin.id);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function person() {
  const mobile = uniqueMobile();
  const user = await buildUser(t.db, { mobile });
  return { user, mobile, headers: await authHeader(t.db, user.id) };
}

const friendIds = async (headers: Headers, keywords = '') =>
  (await call('GET', `/api/v1/friend?keywords=${encodeURIComponent(keywords)}`, headers))
    .json()
    .data.list.map((friend: { userId: string }) => friend.userId);

const codeOf = async (userId: number) => (await findById(t.db, userId))!.inviteCode;

describe('invite codes', () => {
  it('makes both people friends at once, and refuses a second time, one’s own and unknown codes', async () => {
    const a = await person();
    const b = await person();
    const added = await call('PUT', '/api/v1/friend/inviteCode', b.headers, {
      inviteCode: await codeOf(a.user.id),
    });
    expect(added.json()).toMatchObject({
      code: 0,
      data: { friend: { userId: String(a.user.id), remark: '' } },
    });
    expect(await friendIds(b.headers)).toEqual([String(a.user.id)]);
    expect(await friendIds(a.headers)).toEqual([String(b.user.id)]);

    const again = await call('PUT', '/api/v1/friend/inviteCode', b.headers, {
      inviteCode: await codeOf(a.user.id),
    });
    expect(again.json().code).toBe(ErrorCode.duplicate);
    const own = await call('PUT', '/api/v1/friend/inviteCode', a.headers, {
      inviteCode: await codeOf(a.user.id),
    });
    expect(own.json().code).toBe(ErrorCode.operationNotAllowed);
    const unknown = await call('PUT', '/api/v1/friend/inviteCode', a.headers, {
      inviteCode: 'NOPE2345',
    });
    expect(unknown.json().code).toBe(ErrorCode.userMissing);
    const blank = await call('PUT', '/api/v1/friend/inviteCode', a.headers, { inviteCode: '' });
    expect(blank.statusCode).toBe(400);
  });

  it('refuses the code of an account that cannot log in with 200006', async () => {
    const a = await person();
    const b = await person();
    await call('PUT', `/api/system/v1/users/${a.user.id}/state`, adminHeaders, {
      state: 'disabled',
    });
    const res = await call('PUT', '/api/v1/friend/inviteCode', b.headers, {
      inviteCode: await codeOf(a.user.id),
    });
    expect(res.json().code).toBe(ErrorCode.userDisabled);
  });

  it('a registration by SMS with the link’s code lands as the inviter’s friend', async () => {
    const inviter = await person();
    const mobile = uniqueMobile();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/smsCode',
      payload: { mobile },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/smsCodeRegLogin',
      payload: {
        smsToken: sent.json().data.smsToken,
        smsCode: t.sms.lastCode(mobile),
        client: testClient,
        inviteCode: await codeOf(inviter.user.id),
      },
    });
    expect(login.json()).toMatchObject({ code: 0, data: { registered: true, invite: 'friended' } });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    expect(await friendIds(headers)).toEqual([String(inviter.user.id)]);
    expect(await friendIds(inviter.headers)).toContain(login.json().data.user.userId);

    // an unknown code still lets the person in, and says so
    const second = uniqueMobile();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/smsCode',
      payload: { mobile: second },
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/smsCodeRegLogin',
      payload: {
        smsToken: again.json().data.smsToken,
        smsCode: t.sms.lastCode(second),
        client: testClient,
        inviteCode: 'WRONG234',
      },
    });
    expect(bad.json()).toMatchObject({ code: 0, data: { invite: 'unknown' } });
  });
});

describe('friend requests', () => {
  it('finds people by an exact account only, and is answered once', async () => {
    const a = await person();
    const b = await person();
    const partial = await call('POST', '/api/v1/friend/request', b.headers, {
      account: a.mobile.slice(0, 7),
    });
    expect(partial.json().code).toBe(ErrorCode.userMissing);
    const sent = await call('POST', '/api/v1/friend/request', b.headers, {
      account: a.mobile,
      message: '你好，我是乙',
    });
    expect(sent.json()).toMatchObject({
      code: 0,
      data: { friend: null, request: { direction: 'outgoing', state: 'pending' } },
    });
    // asking twice keeps one request
    await call('POST', '/api/v1/friend/request', b.headers, { account: a.mobile });
    const incoming = (await call('GET', '/api/v1/friend/request', a.headers)).json().data;
    expect(incoming.pendingCount).toBe(1);
    expect(incoming.list[0]).toMatchObject({
      direction: 'incoming',
      message: '你好，我是乙',
      user: { userId: String(b.user.id) },
    });
    const requestId = incoming.list[0].requestId;
    // only the one asked answers
    expect(
      (await call('PUT', `/api/v1/friend/request/${requestId}`, b.headers, { accept: true }))
        .statusCode,
    ).toBe(404);
    const accepted = await call('PUT', `/api/v1/friend/request/${requestId}`, a.headers, {
      accept: true,
    });
    expect(accepted.json().data.friend.userId).toBe(String(b.user.id));
    const twice = await call('PUT', `/api/v1/friend/request/${requestId}`, a.headers, {
      accept: false,
    });
    expect(twice.json().code).toBe(ErrorCode.requestProcessed);
    expect(await friendIds(b.headers)).toEqual([String(a.user.id)]);
    expect(
      (await call('POST', '/api/v1/friend/request', b.headers, { account: a.mobile })).json().code,
    ).toBe(ErrorCode.duplicate);
  });

  it('declines, and a request both ways makes friends at once', async () => {
    const a = await person();
    const b = await person();
    await call('POST', '/api/v1/friend/request', a.headers, { account: b.mobile });
    const [request] = (await call('GET', '/api/v1/friend/request', b.headers)).json().data.list;
    const declined = await call('PUT', `/api/v1/friend/request/${request.requestId}`, b.headers, {
      accept: false,
    });
    expect(declined.json()).toMatchObject({ code: 0, data: { friend: null } });
    expect(await friendIds(a.headers)).toEqual([]);

    await call('POST', '/api/v1/friend/request', a.headers, { account: String(b.user.id) });
    const back = await call('POST', '/api/v1/friend/request', b.headers, { account: a.mobile });
    expect(back.json().data).toMatchObject({
      request: null,
      friend: { userId: String(a.user.id) },
    });
    expect(await friendIds(a.headers)).toEqual([String(b.user.id)]);
  });
});

describe('groups, remarks and removing', () => {
  it('keeps a default group, moves friends between groups, searches by remark, removes both sides', async () => {
    const a = await person();
    const b = await person();
    await call('PUT', '/api/v1/friend/inviteCode', a.headers, {
      inviteCode: await codeOf(b.user.id),
    });
    const groups = (await call('GET', '/api/v1/friend/group', a.headers)).json().data.list;
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      isDefault: true,
      friendList: [{ userId: String(b.user.id) }],
    });

    const created = await call('POST', '/api/v1/friend/group', a.headers, { name: '同事' });
    const groupId = created.json().data.groupId;
    const moved = await call('PUT', `/api/v1/friend/${b.user.id}`, a.headers, {
      groupId,
      remark: '隔壁组老王',
    });
    expect(moved.json().data).toMatchObject({ groupId, remark: '隔壁组老王' });
    expect(await friendIds(a.headers, '老王')).toEqual([String(b.user.id)]);
    expect(await friendIds(a.headers, '没有这个人')).toEqual([]);
    // the other side's remark and group are its own
    expect((await call('GET', '/api/v1/friend', b.headers)).json().data.list[0].remark).toBe('');

    await call('PUT', '/api/v1/friend/group/order', a.headers, { groupIds: [groupId] });
    const ordered = (await call('GET', '/api/v1/friend/group', a.headers)).json().data.list;
    expect(ordered.map((group: { groupId: string }) => group.groupId)[0]).toBe(groupId);

    // someone else's group is not mine to use; the default group stays
    const other = (await call('GET', '/api/v1/friend/group', b.headers)).json().data.list[0]
      .groupId;
    expect(
      (await call('PUT', `/api/v1/friend/${b.user.id}`, a.headers, { groupId: other })).statusCode,
    ).toBe(404);
    const defaultId = groups[0].groupId;
    expect((await call('DELETE', `/api/v1/friend/group/${defaultId}`, a.headers)).json().code).toBe(
      ErrorCode.operationNotAllowed,
    );
    expect((await call('DELETE', `/api/v1/friend/group/${groupId}`, a.headers)).json().code).toBe(
      0,
    );
    const after = (await call('GET', '/api/v1/friend/group', a.headers)).json().data.list;
    expect(after).toHaveLength(1);
    expect(after[0].friendList[0].userId).toBe(String(b.user.id));

    expect((await call('DELETE', `/api/v1/friend/${b.user.id}`, a.headers)).json().code).toBe(0);
    expect(await friendIds(a.headers)).toEqual([]);
    expect(await friendIds(b.headers)).toEqual([]);
    expect((await call('DELETE', `/api/v1/friend/${b.user.id}`, a.headers)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const a = await person();
    const b = await person();
    await call('PUT', '/api/v1/friend/inviteCode', a.headers, {
      inviteCode: await codeOf(b.user.id),
    });
    const long = await call('PUT', `/api/v1/friend/${b.user.id}`, a.headers, {
      remark: '长'.repeat(10_000),
    });
    expect(long.statusCode).toBe(400);
    const name = await call('POST', '/api/v1/friend/group', a.headers, {
      name: '名'.repeat(10_000),
    });
    expect(name.statusCode).toBe(400);
    expect(
      (await call('PUT', '/api/v1/friend/not-a-number', a.headers, { remark: 'x' })).statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', '/api/v1/friend/request/not-a-uuid', a.headers, { accept: true }))
        .statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/v1/friend', a.headers)).json().data.list[0].remark).toBe('');
  });
});

describe('the switch and quotas on befriending', () => {
  it('answers 700065 without "add friends", 700103 at my limit, 700108 at theirs', async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    await call('PUT', `/api/system/v1/users/${a.user.id}/permission`, adminHeaders, {
      overrides: { addFriend: false },
    });
    const off = await call('PUT', '/api/v1/friend/inviteCode', a.headers, {
      inviteCode: await codeOf(b.user.id),
    });
    expect(off.json().code).toBe(ErrorCode.noAddFriend);
    expect(
      (await call('POST', '/api/v1/friend/request', a.headers, { account: b.mobile })).json().code,
    ).toBe(ErrorCode.noAddFriend);
    await call('PUT', `/api/system/v1/users/${a.user.id}/permission`, adminHeaders, {
      overrides: { addFriend: null },
    });

    await call('PUT', `/api/system/v1/users/${a.user.id}/quota`, adminHeaders, {
      overrides: { friends: 1 },
    });
    expect(
      (
        await call('PUT', '/api/v1/friend/inviteCode', a.headers, {
          inviteCode: await codeOf(b.user.id),
        })
      ).json().code,
    ).toBe(0);
    const mine = await call('PUT', '/api/v1/friend/inviteCode', a.headers, {
      inviteCode: await codeOf(c.user.id),
    });
    expect(mine.json().code).toBe(ErrorCode.quotaFriends);
    // c asks a, whose list is full: the other party's limit
    const theirs = await call('PUT', '/api/v1/friend/inviteCode', c.headers, {
      inviteCode: await codeOf(a.user.id),
    });
    expect(theirs.json().code).toBe(ErrorCode.quotaPeerFriends);
    expect((await call('GET', '/api/v1/user/quota', a.headers)).json().data.usage.friends).toBe(1);
  });

  it('lets parallel invites pass the friend quota no further than it allows', async () => {
    const a = await person();
    const others = await Promise.all(Array.from({ length: 5 }, person));
    await call('PUT', `/api/system/v1/users/${a.user.id}/quota`, adminHeaders, {
      overrides: { friends: 2 },
    });
    const codes = await Promise.all(others.map(async (other) => codeOf(other.user.id)));
    const answers = await Promise.all(
      codes.map((inviteCode) =>
        call('PUT', '/api/v1/friend/inviteCode', a.headers, { inviteCode }),
      ),
    );
    expect(answers.filter((res) => res.json().code === 0)).toHaveLength(2);
    expect(await friendIds(a.headers)).toHaveLength(2);
  });
});
