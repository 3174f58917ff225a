// The ways into a team through the real calls: the join link (reset kills the old code), join
// requests and invitations answered once (500002, also when two answer at once), 500003 both
// ways, the root owner's member quotas on accepting, someone else's invite looking missing, and
// the address book's 'new invites' list and badge for both sides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, Role } from '@library/contract';
import { authHeader, buildUser } from '../../../test/factories.js';
import { addrbookHelpers } from '../../../test/addrbook.js';
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
const { person, befriend, team } = addrbookHelpers(() => t);

type Headers = Record<string, string>;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const code = (res: { json(): { code: number } }) => res.json().code;

async function joinCode(headers: Headers, teamId: string) {
  const res = await call('GET', `/api/v1/team/${teamId}/joinCode`, headers);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data as { code: string; link: string };
}

async function memberIds(headers: Headers, teamId: string) {
  const res = await call('GET', `/api/v1/team/${teamId}`, headers);
  return (res.json().data.members as Array<{ userId: string }>).map((m) => m.userId).sort();
}

const pendingCount = async (headers: Headers) =>
  (await call('GET', '/api/v1/addrbook/invite/count', headers)).json().data.pending as number;

describe('the join link', () => {
  it('is for managers, stays until reset, and a reset kills the old code', async () => {
    const owner = await person();
    const member = await person();
    await befriend(owner, member);
    const root = await team(owner.headers, '摄影社');
    await call('POST', `/api/v1/team/${root.teamId}/member`, owner.headers, {
      userId: member.user.id,
    });

    const first = await joinCode(owner.headers, root.teamId);
    expect(first.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.link).toBe(`/addrbook/team/${root.teamId}?join=${first.code}`);
    expect(await joinCode(owner.headers, root.teamId)).toEqual(first);
    // a plain member does not manage the team
    expect(code(await call('GET', `/api/v1/team/${root.teamId}/joinCode`, member.headers))).toBe(
      ErrorCode.permissionDenied,
    );
    // an outsider does not even see it
    const outsider = await person();
    expect(
      (await call('GET', `/api/v1/team/${root.teamId}/joinCode`, outsider.headers)).statusCode,
    ).toBe(404);

    const reset = await call('PUT', `/api/v1/team/${root.teamId}/joinCode`, owner.headers);
    const second = reset.json().data as { code: string };
    expect(second.code).not.toBe(first.code);
    expect(await joinCode(owner.headers, root.teamId)).toMatchObject({ code: second.code });

    const dead = await call('POST', '/api/v1/team/join', outsider.headers, { code: first.code });
    expect(dead.statusCode).toBe(404);
    expect(dead.json()).toMatchObject({ code: ErrorCode.dataMissing });
    expect(dead.json().msg).toMatch(/join link/);
    expect(
      (await call('GET', `/api/v1/team/join?code=${first.code}`, outsider.headers)).statusCode,
    ).toBe(404);

    const preview = await call('GET', `/api/v1/team/join?code=${second.code}`, outsider.headers);
    expect(preview.json().data).toMatchObject({
      teamId: root.teamId,
      name: '摄影社',
      path: [],
      memberCount: 2,
      isMember: false,
      pendingRequest: null,
    });
    expect(
      code(await call('POST', '/api/v1/team/join', outsider.headers, { code: second.code })),
    ).toBe(0);
  });

  it('files one request per person while it waits; members are told 500003', async () => {
    const owner = await person();
    const root = await team(owner.headers, '登山队');
    const sub = await team(owner.headers, '北线', root.teamId);
    const { code: secret } = await joinCode(owner.headers, sub.teamId);
    const asker = await person();

    const first = await call('POST', '/api/v1/team/join', asker.headers, {
      code: secret,
      message: '我想加入',
    });
    expect(first.json().data).toMatchObject({
      kind: 'teamJoinRequest',
      state: 'pending',
      direction: 'sent',
      from: { userId: asker.id },
      to: null,
      team: { teamId: sub.teamId, name: '北线' },
      message: '我想加入',
      decidedAt: null,
      abilities: { canAnswer: false },
    });
    const again = await call('POST', '/api/v1/team/join', asker.headers, { code: secret });
    expect(again.json().data.inviteId).toBe(first.json().data.inviteId);
    const twice = await Promise.all([
      call('POST', '/api/v1/team/join', asker.headers, { code: secret }),
      call('POST', '/api/v1/team/join', asker.headers, { code: secret }),
    ]);
    expect(twice.map((res) => res.json().data.inviteId)).toEqual([
      first.json().data.inviteId,
      first.json().data.inviteId,
    ]);
    const preview = await call('GET', `/api/v1/team/join?code=${secret}`, asker.headers);
    expect(preview.json().data).toMatchObject({
      path: ['登山队'],
      pendingRequest: { inviteId: first.json().data.inviteId },
    });

    // the owner is a member already
    expect(code(await call('POST', '/api/v1/team/join', owner.headers, { code: secret }))).toBe(
      ErrorCode.alreadyInTeam,
    );
  });

  it('is answered once by a manager of the team or above, never by others', async () => {
    const owner = await person();
    const admin = await person();
    const member = await person();
    await befriend(owner, admin);
    await befriend(owner, member);
    const root = await team(owner.headers, '志愿者协会');
    const sub = await team(owner.headers, '周末组', root.teamId);
    await call('POST', `/api/v1/team/${root.teamId}/member`, owner.headers, {
      userId: admin.user.id,
      role: 'admin',
    });
    await call('POST', `/api/v1/team/${sub.teamId}/member`, owner.headers, {
      userId: member.user.id,
    });
    const { code: secret } = await joinCode(owner.headers, sub.teamId);
    const asker = await person();
    const requestId = (
      await call('POST', '/api/v1/team/join', asker.headers, { code: secret })
    ).json().data.inviteId as string;
    const answer = (headers: Headers, accept: boolean) =>
      call('PUT', `/api/v1/team/joinRequest/${requestId}`, headers, { accept });

    // the asker, a plain member of the team and a stranger cannot answer: it is not theirs
    for (const who of [asker, member, await person()]) {
      expect((await answer(who.headers, true)).statusCode).toBe(404);
      expect((await call('GET', `/api/v1/addrbook/invite/${requestId}`, who.headers)).statusCode)
        // the asker sees their own request
        .toBe(who === asker ? 200 : 404);
    }
    // the admin of the root team answers
    const accepted = await answer(admin.headers, true);
    expect(accepted.json().data).toMatchObject({
      state: 'accepted',
      direction: 'received',
      to: { userId: admin.id },
      abilities: { canAnswer: false },
    });
    expect(await memberIds(owner.headers, sub.teamId)).toContain(asker.id);
    const second = await answer(owner.headers, false);
    expect(second.statusCode).toBe(409);
    expect(code(second)).toBe(ErrorCode.requestProcessed);
    // joining again: a member now
    expect(code(await call('POST', '/api/v1/team/join', asker.headers, { code: secret }))).toBe(
      ErrorCode.alreadyInTeam,
    );
  });

  it('of two managers answering at once, exactly one wins; the other gets 500002', async () => {
    const owner = await person();
    const admin = await person();
    await befriend(owner, admin);
    const root = await team(owner.headers, '乐队');
    await call('POST', `/api/v1/team/${root.teamId}/member`, owner.headers, {
      userId: admin.user.id,
      role: 'admin',
    });
    const { code: secret } = await joinCode(owner.headers, root.teamId);
    for (const accepts of [
      [true, true],
      [true, false],
    ]) {
      const asker = await person();
      const requestId = (
        await call('POST', '/api/v1/team/join', asker.headers, { code: secret })
      ).json().data.inviteId as string;
      const results = await Promise.all(
        [owner, admin].map((manager, i) =>
          call('PUT', `/api/v1/team/joinRequest/${requestId}`, manager.headers, {
            accept: accepts[i],
          }),
        ),
      );
      expect(results.map(code).sort()).toEqual([0, ErrorCode.requestProcessed]);
      const winner = results.find((res) => code(res) === 0)!.json().data;
      const joined = (await memberIds(owner.headers, root.teamId)).includes(asker.id);
      expect(joined).toBe(winner.state === 'accepted');
    }
    // one membership each at most: the owner, the admin and the one accepted asker at least
    const members = await memberIds(owner.headers, root.teamId);
    expect(new Set(members).size).toBe(members.length);
  });

  it('accepting stays within the root owner’s member quotas (700109/700111, 700110/700112)', async () => {
    const owner = await person();
    const admin = await person();
    await befriend(owner, admin);
    await call('PUT', `/api/system/v1/users/${owner.id}/quota`, adminHeaders, {
      overrides: { teamMembersPerTeam: 2, teamMembersTotal: 3 },
    });
    const root = await team(owner.headers, '棋社');
    await call('POST', `/api/v1/team/${root.teamId}/member`, owner.headers, {
      userId: admin.user.id,
      role: 'admin',
    });
    const { code: secret } = await joinCode(owner.headers, root.teamId);
    const asker = await person();
    const requestId = (
      await call('POST', '/api/v1/team/join', asker.headers, { code: secret })
    ).json().data.inviteId as string;
    // the root team holds two already: the owner's own limit, or the other party's for the admin
    expect(
      code(
        await call('PUT', `/api/v1/team/joinRequest/${requestId}`, owner.headers, { accept: true }),
      ),
    ).toBe(ErrorCode.quotaTeamMembersPerTeam);
    expect(
      code(
        await call('PUT', `/api/v1/team/joinRequest/${requestId}`, admin.headers, { accept: true }),
      ),
    ).toBe(ErrorCode.quotaPeerTeamMembersPerTeam);
    // refused by the quota, the request still waits
    const waiting = await call('GET', `/api/v1/addrbook/invite/${requestId}`, owner.headers);
    expect(waiting.json().data).toMatchObject({ state: 'pending', abilities: { canAnswer: true } });

    // the tree's total: a sub-team with the owner makes three memberships
    const sub = await team(owner.headers, '围棋组', root.teamId);
    const { code: subSecret } = await joinCode(owner.headers, sub.teamId);
    const subRequest = (
      await call('POST', '/api/v1/team/join', asker.headers, { code: subSecret })
    ).json().data.inviteId as string;
    expect(
      code(
        await call('PUT', `/api/v1/team/joinRequest/${subRequest}`, admin.headers, {
          accept: true,
        }),
      ),
    ).toBe(ErrorCode.quotaPeerTeamMembersTotal);
    expect(
      code(
        await call('PUT', `/api/v1/team/joinRequest/${subRequest}`, owner.headers, {
          accept: true,
        }),
      ),
    ).toBe(ErrorCode.quotaTeamMembersTotal);
    // declining needs no room
    expect(
      code(
        await call('PUT', `/api/v1/team/joinRequest/${subRequest}`, owner.headers, {
          accept: false,
        }),
      ),
    ).toBe(0);
  });
});

describe('invitations', () => {
  it('go to friends not in the team, once while pending, and are answered once by the invitee', async () => {
    const owner = await person();
    const friend = await person();
    const stranger = await person();
    await befriend(owner, friend);
    const root = await team(owner.headers, '合唱团');
    const invite = (userId: number, headers = owner.headers) =>
      call('POST', `/api/v1/team/${root.teamId}/invitation`, headers, {
        userId,
        message: '来唱歌',
      });

    expect(code(await invite(stranger.user.id))).toBe(ErrorCode.userMissing);
    expect(code(await invite(owner.user.id))).toBe(ErrorCode.userMissing);
    // only managers invite
    expect((await invite(owner.user.id, friend.headers)).statusCode).toBe(404);

    const sent = await invite(friend.user.id);
    expect(sent.json().data).toMatchObject({
      kind: 'teamInvitation',
      state: 'pending',
      direction: 'sent',
      from: { userId: owner.id },
      to: { userId: friend.id },
      team: { teamId: root.teamId, name: '合唱团' },
      message: '来唱歌',
      abilities: { canAnswer: false },
    });
    const invitationId = sent.json().data.inviteId as string;
    expect((await invite(friend.user.id)).json().data.inviteId).toBe(invitationId);

    // only the invitee answers
    for (const who of [owner, stranger]) {
      expect(
        (
          await call('PUT', `/api/v1/team/invitation/${invitationId}`, who.headers, {
            accept: true,
          })
        ).statusCode,
      ).toBe(404);
    }
    expect(
      (await call('GET', `/api/v1/addrbook/invite/${invitationId}`, stranger.headers)).statusCode,
    ).toBe(404);
    const accepted = await call('PUT', `/api/v1/team/invitation/${invitationId}`, friend.headers, {
      accept: true,
    });
    expect(accepted.json().data).toMatchObject({ state: 'accepted', direction: 'received' });
    expect(await memberIds(owner.headers, root.teamId)).toEqual([owner.id, friend.id].sort());
    const again = await call('PUT', `/api/v1/team/invitation/${invitationId}`, friend.headers, {
      accept: false,
    });
    expect(code(again)).toBe(ErrorCode.requestProcessed);
    // a member now: 500003
    expect(code(await invite(friend.user.id))).toBe(ErrorCode.alreadyInTeam);
  });

  it('accepting twice at once joins once; declining leaves the team as it was', async () => {
    const owner = await person();
    const friend = await person();
    await befriend(owner, friend);
    const root = await team(owner.headers, '读书会');
    const sub = await team(owner.headers, '小说组', root.teamId);
    const invitationId = (
      await call('POST', `/api/v1/team/${root.teamId}/invitation`, owner.headers, {
        userId: friend.user.id,
      })
    ).json().data.inviteId as string;
    const results = await Promise.all(
      [true, true].map((accept) =>
        call('PUT', `/api/v1/team/invitation/${invitationId}`, friend.headers, { accept }),
      ),
    );
    expect(results.map(code).sort()).toEqual([0, ErrorCode.requestProcessed]);
    expect(await memberIds(owner.headers, root.teamId)).toEqual([owner.id, friend.id].sort());

    const declinedId = (
      await call('POST', `/api/v1/team/${sub.teamId}/invitation`, owner.headers, {
        userId: friend.user.id,
      })
    ).json().data.inviteId as string;
    const declined = await call('PUT', `/api/v1/team/invitation/${declinedId}`, friend.headers, {
      accept: false,
    });
    expect(declined.json().data).toMatchObject({ state: 'declined' });
    expect(await memberIds(owner.headers, sub.teamId)).toEqual([owner.id]);
  });

  it('accepting counts against the root owner’s quotas as the other party (700111)', async () => {
    const owner = await person();
    const friend = await person();
    await befriend(owner, friend);
    await call('PUT', `/api/system/v1/users/${owner.id}/quota`, adminHeaders, {
      overrides: { teamMembersPerTeam: 1 },
    });
    const root = await team(owner.headers, '小队');
    const invitationId = (
      await call('POST', `/api/v1/team/${root.teamId}/invitation`, owner.headers, {
        userId: friend.user.id,
      })
    ).json().data.inviteId as string;
    expect(
      code(
        await call('PUT', `/api/v1/team/invitation/${invitationId}`, friend.headers, {
          accept: true,
        }),
      ),
    ).toBe(ErrorCode.quotaPeerTeamMembersPerTeam);
    expect(await pendingCount(friend.headers)).toBe(1);
  });

  it('a direct add settles what waited for that person and team', async () => {
    const owner = await person();
    const friend = await person();
    await befriend(owner, friend);
    const root = await team(owner.headers, '球队');
    const invitationId = (
      await call('POST', `/api/v1/team/${root.teamId}/invitation`, owner.headers, {
        userId: friend.user.id,
      })
    ).json().data.inviteId as string;
    const { code: secret } = await joinCode(owner.headers, root.teamId);
    const requestId = (
      await call('POST', '/api/v1/team/join', friend.headers, { code: secret })
    ).json().data.inviteId as string;
    expect(await pendingCount(owner.headers)).toBe(1);
    expect(
      code(
        await call('POST', `/api/v1/team/${root.teamId}/member`, owner.headers, {
          userId: friend.user.id,
        }),
      ),
    ).toBe(0);
    expect(await pendingCount(owner.headers)).toBe(0);
    expect(await pendingCount(friend.headers)).toBe(0);
    for (const id of [invitationId, requestId]) {
      const item = await call('GET', `/api/v1/addrbook/invite/${id}`, friend.headers);
      expect(item.json().data.state).toBe('accepted');
    }
    expect(
      code(
        await call('PUT', `/api/v1/team/invitation/${invitationId}`, friend.headers, {
          accept: true,
        }),
      ),
    ).toBe(ErrorCode.requestProcessed);
  });
});

describe("the address book's new invites", () => {
  it('lists friend requests, invitations and join requests for both sides, newest first', async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    await befriend(a, b);
    const root = await team(a.headers, '研究组');
    // 1. c asks a to be friends
    await call('POST', '/api/v1/friend/request', c.headers, {
      account: (await findById(t.db, a.user.id))!.mobile,
      message: '交个朋友',
    });
    // 2. a invites b into the team
    await call('POST', `/api/v1/team/${root.teamId}/invitation`, a.headers, { userId: b.user.id });
    // 3. c asks to join the team
    const { code: secret } = await joinCode(a.headers, root.teamId);
    await call('POST', '/api/v1/team/join', c.headers, { code: secret });

    const listOf = async (headers: Headers, query = '') =>
      (await call('GET', `/api/v1/addrbook/invite${query}`, headers)).json().data as {
        list: Array<Record<string, unknown>>;
        total: number;
        page: number;
        pageSize: number;
      };
    const mine = await listOf(a.headers);
    expect(mine.total).toBe(3);
    expect(mine.list.map((item) => [item.kind, item.direction])).toEqual([
      ['teamJoinRequest', 'received'],
      ['teamInvitation', 'sent'],
      ['friendRequest', 'received'],
    ]);
    expect(mine.list[0]).toMatchObject({
      from: { userId: c.id, nickname: '测试用户' },
      team: { teamId: root.teamId },
      abilities: { canAnswer: true },
    });
    expect(mine.list[2]).toMatchObject({
      from: { userId: c.id },
      to: { userId: a.id },
      team: null,
      message: '交个朋友',
      abilities: { canAnswer: true },
    });
    // what waits for a: the join request and the friend request
    expect(await pendingCount(a.headers)).toBe(2);
    expect(await pendingCount(b.headers)).toBe(1);
    expect(await pendingCount(c.headers)).toBe(0);

    const theirs = await listOf(c.headers);
    expect(theirs.list.map((item) => [item.kind, item.direction])).toEqual([
      ['teamJoinRequest', 'sent'],
      ['friendRequest', 'sent'],
    ]);
    const bs = await listOf(b.headers);
    expect(bs.list).toHaveLength(1);
    expect(bs.list[0]).toMatchObject({
      kind: 'teamInvitation',
      direction: 'received',
      abilities: { canAnswer: true },
    });

    // pages
    const paged = await listOf(a.headers, '?page=1&pageSize=2');
    expect(paged).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(paged.list.map((item) => item.kind)).toEqual(['friendRequest']);

    // the friend request keeps its own answer call, by the same id
    const friendRequestId = mine.list[2]!.inviteId as string;
    expect(
      code(
        await call('PUT', `/api/v1/friend/request/${friendRequestId}`, a.headers, {
          accept: false,
        }),
      ),
    ).toBe(0);
    const one = await call('GET', `/api/v1/addrbook/invite/${friendRequestId}`, a.headers);
    expect(one.json().data).toMatchObject({ state: 'declined', abilities: { canAnswer: false } });
    expect(one.json().data.decidedAt).not.toBeNull();
    expect(await pendingCount(a.headers)).toBe(1);
    expect(
      (await call('GET', `/api/v1/addrbook/invite/${friendRequestId}`, b.headers)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/v1/addrbook/invite/${crypto.randomUUID()}`, a.headers)).statusCode,
    ).toBe(404);
  });

  it('a new admin of a team above sees its join requests; a team in the bin takes its invites along', async () => {
    const owner = await person();
    const admin = await person();
    await befriend(owner, admin);
    const root = await team(owner.headers, '社团');
    const sub = await team(owner.headers, '分组', root.teamId);
    const { code: secret } = await joinCode(owner.headers, sub.teamId);
    const asker = await person();
    await call('POST', '/api/v1/team/join', asker.headers, { code: secret });
    await call('POST', `/api/v1/team/${root.teamId}/member`, owner.headers, {
      userId: admin.user.id,
    });
    expect(await pendingCount(admin.headers)).toBe(0);
    await call('PUT', `/api/v1/team/${root.teamId}/member/${admin.id}`, owner.headers, {
      role: 'admin',
    });
    expect(await pendingCount(admin.headers)).toBe(1);

    expect(code(await call('DELETE', `/api/v1/team/${sub.teamId}`, owner.headers))).toBe(0);
    expect(await pendingCount(admin.headers)).toBe(0);
    expect((await call('GET', '/api/v1/addrbook/invite', asker.headers)).json().data.total).toBe(0);
    // the link of a deleted team leads nowhere
    expect(
      (await call('POST', '/api/v1/team/join', asker.headers, { code: secret })).statusCode,
    ).toBe(404);
  });
});

describe('bad input', () => {
  it('answers 400, never 500, to long strings and malformed ids', async () => {
    const owner = await person();
    const root = await team(owner.headers, '输入组');
    const long = 'x'.repeat(10_000);
    const cases: Array<[method: 'GET' | 'POST' | 'PUT', url: string, payload?: object]> = [
      ['POST', '/api/v1/team/join', { code: long }],
      ['POST', '/api/v1/team/join', { code: 'not base64url!' }],
      ['POST', '/api/v1/team/join', { code: 'abc', message: '长'.repeat(10_000) }],
      ['POST', '/api/v1/team/join', {}],
      ['GET', `/api/v1/team/join?code=${long}`],
      ['GET', '/api/v1/team/join'],
      ['GET', '/api/v1/team/not-a-uuid/joinCode'],
      ['PUT', '/api/v1/team/not-a-uuid/joinCode'],
      ['PUT', '/api/v1/team/joinRequest/not-a-uuid', { accept: true }],
      ['PUT', `/api/v1/team/joinRequest/${crypto.randomUUID()}`, { accept: 'yes' }],
      ['PUT', `/api/v1/team/joinRequest/${crypto.randomUUID()}`, {}],
      ['POST', `/api/v1/team/${root.teamId}/invitation`, { userId: 'abc' }],
      ['POST', `/api/v1/team/${root.teamId}/invitation`, { userId: long }],
      ['POST', `/api/v1/team/${root.teamId}/invitation`, { userId: 1, message: long }],
      ['POST', '/api/v1/team/not-a-uuid/invitation', { userId: 1 }],
      ['PUT', '/api/v1/team/invitation/not-a-uuid', { accept: true }],
      ['GET', '/api/v1/addrbook/invite?page=-1'],
      ['GET', '/api/v1/addrbook/invite?pageSize=100000'],
      ['GET', '/api/v1/addrbook/invite/not-a-uuid'],
      ['GET', `/api/v1/addrbook/invite/${long.slice(0, 90)}`],
    ];
    for (const [method, url, payload] of cases) {
      const res = await call(method, url, owner.headers, payload);
      expect(res.statusCode, `${method} ${url.slice(0, 80)}`).toBe(400);
    }
    // a path segment past the router's limit is refused before any handler
    expect((await call('GET', `/api/v1/addrbook/invite/${long}`, owner.headers)).statusCode).toBe(
      414,
    );
    // well-formed but unknown
    expect(
      (
        await call('PUT', `/api/v1/team/joinRequest/${crypto.randomUUID()}`, owner.headers, {
          accept: true,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/v1/team/join', owner.headers, { code: 'A'.repeat(43) })).statusCode,
    ).toBe(404);
  });
});
