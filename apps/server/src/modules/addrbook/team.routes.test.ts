// Nested teams through the real calls: the creator's rules (500004, 500005), names among
// siblings (500001), moves (500006, 500007), members from friends (500003), who sees and who
// manages, and the switch and quotas (700066, 700104, 700109, 700110).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, Role } from '@library/contract';
import { authHeader, buildUser } from '../../../test/factories.js';
import { addrbookHelpers } from '../../../test/addrbook.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

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

describe('nested teams', () => {
  it('creates a tree, keeps sibling names unique, and lists it to everyone in it', async () => {
    const a = await person();
    const root = await team(a.headers, '研发部');
    expect(root).toMatchObject({
      parentId: null,
      rootId: root.teamId,
      myRole: 'owner',
      canManage: true,
      memberCount: 1,
    });
    const web = await team(a.headers, '前端组', root.teamId);
    await team(a.headers, '后端组', root.teamId);
    expect(
      code(
        await call('POST', '/api/v1/team', a.headers, { name: '前端组', parentId: root.teamId }),
      ),
    ).toBe(ErrorCode.teamNameDuplicate);
    expect(code(await call('POST', '/api/v1/team', a.headers, { name: '研发部' }))).toBe(
      ErrorCode.teamNameDuplicate,
    );
    // the same name under another parent is fine
    await team(a.headers, '前端组', web.teamId);

    const b = await person();
    await befriend(a, b);
    expect((await call('GET', `/api/v1/team/${root.teamId}`, b.headers)).statusCode).toBe(404);
    await call('POST', `/api/v1/team/${web.teamId}/member`, a.headers, { userId: b.user.id });
    const seen = (await call('GET', '/api/v1/team', b.headers)).json().data.list;
    expect(seen).toHaveLength(4);
    expect(seen[0]).toMatchObject({ teamId: root.teamId, myRole: null, canManage: false });
    expect(seen.find((entry: { teamId: string }) => entry.teamId === web.teamId)).toMatchObject({
      myRole: 'member',
      memberCount: 2,
    });
    // a member does not manage
    expect(code(await call('PUT', `/api/v1/team/${web.teamId}`, b.headers, { name: 'x' }))).toBe(
      ErrorCode.permissionDenied,
    );
    // an admin of a parent manages the sub-teams
    await call('PUT', `/api/v1/team/${web.teamId}/member/${b.id}`, a.headers, { role: 'admin' });
    const sub = (await call('GET', '/api/v1/team', b.headers))
      .json()
      .data.list.find(
        (entry: { parentId: string | null; teamId: string }) => entry.parentId === web.teamId,
      );
    expect(sub.canManage).toBe(true);
    expect(
      code(await call('PUT', `/api/v1/team/${sub.teamId}`, b.headers, { name: '组件小组' })),
    ).toBe(0);
  });

  it('moves a team inside its own tree only, never under itself or its descendants', async () => {
    const a = await person();
    const root = await team(a.headers, '总部');
    const x = await team(a.headers, 'X', root.teamId);
    const y = await team(a.headers, 'Y', root.teamId);
    const x1 = await team(a.headers, 'X1', x.teamId);
    const other = await team(a.headers, '分部');

    expect(
      code(
        await call('PUT', `/api/v1/team/${x.teamId}/move`, a.headers, { parentId: other.teamId }),
      ),
    ).toBe(ErrorCode.cannotMoveAcrossTeams);
    expect(
      code(
        await call('PUT', `/api/v1/team/${root.teamId}/move`, a.headers, {
          parentId: other.teamId,
        }),
      ),
    ).toBe(ErrorCode.cannotMoveAcrossTeams);
    expect(
      code(await call('PUT', `/api/v1/team/${x.teamId}/move`, a.headers, { parentId: x1.teamId })),
    ).toBe(ErrorCode.cannotMoveParentUnderChild);
    expect(
      code(await call('PUT', `/api/v1/team/${x.teamId}/move`, a.headers, { parentId: x.teamId })),
    ).toBe(ErrorCode.cannotMoveParentUnderChild);
    const moved = await call('PUT', `/api/v1/team/${x.teamId}/move`, a.headers, {
      parentId: y.teamId,
    });
    expect(moved.json().data).toMatchObject({ parentId: y.teamId, rootId: root.teamId });
    // the subtree came along: X1 is now below Y, so Y cannot go under X1
    expect(
      code(await call('PUT', `/api/v1/team/${y.teamId}/move`, a.headers, { parentId: x1.teamId })),
    ).toBe(ErrorCode.cannotMoveParentUnderChild);
    const list = (await call('GET', '/api/v1/team', a.headers)).json().data.list;
    expect(list.find((entry: { teamId: string }) => entry.teamId === x1.teamId).parentId).toBe(
      x.teamId,
    );

    // deleting takes the sub-teams along
    expect(code(await call('DELETE', `/api/v1/team/${y.teamId}`, a.headers))).toBe(0);
    expect((await call('GET', `/api/v1/team/${x1.teamId}`, a.headers)).statusCode).toBe(404);
  });

  it('members come from friends; the creator stays and keeps the role; members leave', async () => {
    const a = await person();
    const b = await person();
    const stranger = await person();
    await befriend(a, b);
    const root = await team(a.headers, '读书会');
    expect(
      code(
        await call('POST', `/api/v1/team/${root.teamId}/member`, a.headers, {
          userId: stranger.user.id,
        }),
      ),
    ).toBe(ErrorCode.userMissing);
    expect(
      code(
        await call('POST', `/api/v1/team/${root.teamId}/member`, a.headers, { userId: b.user.id }),
      ),
    ).toBe(0);
    expect(
      code(
        await call('POST', `/api/v1/team/${root.teamId}/member`, a.headers, { userId: b.user.id }),
      ),
    ).toBe(ErrorCode.alreadyInTeam);
    await call('PUT', `/api/v1/team/${root.teamId}/member/${b.id}`, a.headers, { role: 'admin' });
    expect(
      code(
        await call('PUT', `/api/v1/team/${root.teamId}/member/${a.id}`, b.headers, {
          role: 'member',
        }),
      ),
    ).toBe(ErrorCode.cannotEditCreatorRole);
    expect(
      code(await call('DELETE', `/api/v1/team/${root.teamId}/member/${a.id}`, b.headers)),
    ).toBe(ErrorCode.cannotDeleteCreator);
    expect(
      code(await call('DELETE', `/api/v1/team/${root.teamId}/member/${a.id}`, a.headers)),
    ).toBe(ErrorCode.cannotDeleteCreator);
    // b leaves: the team is no longer b's to see
    expect(
      code(await call('DELETE', `/api/v1/team/${root.teamId}/member/${b.id}`, b.headers)),
    ).toBe(0);
    expect((await call('GET', `/api/v1/team/${root.teamId}`, b.headers)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/team', b.headers)).json().data.list).toEqual([]);
  });

  it('refuses bad input with 400 and unknown teams with 404', async () => {
    const a = await person();
    expect(
      (await call('POST', '/api/v1/team', a.headers, { name: '名'.repeat(10_000) })).statusCode,
    ).toBe(400);
    expect((await call('POST', '/api/v1/team', a.headers, { name: '' })).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/team/not-a-uuid', a.headers)).statusCode).toBe(400);
    expect((await call('GET', `/api/v1/team/${crypto.randomUUID()}`, a.headers)).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', '/api/v1/team', a.headers, { name: 'x', parentId: crypto.randomUUID() }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/v1/team', a.headers)).json().data.list).toEqual([]);
  });
});

describe('the switch and quotas on teams', () => {
  it('answers 700066 without "create teams" and 700104 at the team quota', async () => {
    const a = await person();
    await call('PUT', `/api/system/v1/users/${a.id}/permission`, adminHeaders, {
      overrides: { createTeam: false },
    });
    expect(code(await call('POST', '/api/v1/team', a.headers, { name: 'T' }))).toBe(
      ErrorCode.noCreateTeam,
    );
    await call('PUT', `/api/system/v1/users/${a.id}/permission`, adminHeaders, {
      overrides: { createTeam: null },
    });
    await call('PUT', `/api/system/v1/users/${a.id}/quota`, adminHeaders, {
      overrides: { teams: 2 },
    });
    const root = await team(a.headers, 'T');
    await team(a.headers, 'T1', root.teamId);
    expect(
      code(await call('POST', '/api/v1/team', a.headers, { name: 'T2', parentId: root.teamId })),
    ).toBe(ErrorCode.quotaTeams);
    expect((await call('GET', '/api/v1/user/quota', a.headers)).json().data.usage.teams).toBe(2);
  });

  it('answers 700109 per team and 700110 in the whole tree, from the root owner’s quotas', async () => {
    const a = await person();
    const friends = await Promise.all(Array.from({ length: 4 }, person));
    for (const friend of friends) await befriend(a, friend);
    await call('PUT', `/api/system/v1/users/${a.id}/quota`, adminHeaders, {
      overrides: { teamMembersPerTeam: 2, teamMembersTotal: 5 },
    });
    const root = await team(a.headers, '合唱团');
    const add = (teamId: string, userId: number) =>
      call('POST', `/api/v1/team/${teamId}/member`, a.headers, { userId });
    expect(code(await add(root.teamId, friends[0]!.user.id))).toBe(0);
    expect(code(await add(root.teamId, friends[1]!.user.id))).toBe(
      ErrorCode.quotaTeamMembersPerTeam,
    );
    // memberships in the tree: a and friend 0 in the root, a and friend 2 in one sub-team, a in
    // another — five; a sixth fits its team but not the tree
    const sopranos = await team(a.headers, '女高音', root.teamId);
    expect(code(await add(sopranos.teamId, friends[2]!.user.id))).toBe(0);
    const altos = await team(a.headers, '女低音', root.teamId);
    expect(code(await add(altos.teamId, friends[3]!.user.id))).toBe(
      ErrorCode.quotaTeamMembersTotal,
    );
  });

  it('answers 700111 and 700112 when an admin reaches the owner’s member quotas', async () => {
    const owner = await person();
    const admin = await person();
    const friends = await Promise.all(Array.from({ length: 3 }, person));
    await befriend(owner, admin);
    for (const friend of friends) await befriend(admin, friend);
    await call('PUT', `/api/system/v1/users/${owner.id}/quota`, adminHeaders, {
      overrides: { teamMembersPerTeam: 3, teamMembersTotal: 4 },
    });
    const root = await team(owner.headers, '志愿者');
    await call('POST', `/api/v1/team/${root.teamId}/member`, owner.headers, {
      userId: admin.user.id,
      role: 'admin',
    });
    const add = (teamId: string, userId: number) =>
      call('POST', `/api/v1/team/${teamId}/member`, admin.headers, { userId });
    expect(code(await add(root.teamId, friends[0]!.user.id))).toBe(0);
    expect(code(await add(root.teamId, friends[1]!.user.id))).toBe(
      ErrorCode.quotaPeerTeamMembersPerTeam,
    );
    // the admin's sub-team: the tree holds owner, admin and friend 0 in the root and the admin
    // in it — four, the owner's total
    const sub = await team(admin.headers, '周末组', root.teamId);
    expect(code(await add(sub.teamId, friends[2]!.user.id))).toBe(
      ErrorCode.quotaPeerTeamMembersTotal,
    );
  });
});
