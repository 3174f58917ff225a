// A deleted team through the real calls: it goes with its sub-teams to its owner's recycle bin,
// vanishes from every list and answers 404 to every team call; restoring brings the subtree and
// its members back (500001 when a sibling took the name, 700009 while the parent is in the bin,
// 700104 past the team quota); purging, by hand or after 30 days, deletes it for good.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, Role, recycleRetentionDays } from '@library/contract';
import { recycleItems, teams } from '../../db/schema/index.js';
import { authHeader, buildUser } from '../../../test/factories.js';
import { addrbookHelpers } from '../../../test/addrbook.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { purgeExpiredRecycleItems } from '../recycle/recycle.service.js';

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

async function add(headers: Headers, teamId: string, userId: number, role = 'member') {
  const res = await call('POST', `/api/v1/team/${teamId}/member`, headers, { userId, role });
  expect(res.json().code, res.body).toBe(0);
}

const teamIds = async (headers: Headers) =>
  ((await call('GET', '/api/v1/team', headers)).json().data.list as Array<{ teamId: string }>)
    .map((entry) => entry.teamId)
    .sort();

interface BinItem {
  recycleId: string;
  kind: string;
  targetId: string;
  name: string;
  spaceId: string | null;
  path: string[];
  abilities: { canRestore: boolean; canPurge: boolean };
}
const bin = async (headers: Headers) =>
  (await call('GET', '/api/v1/recycle', headers)).json().data.list as BinItem[];
const binItem = async (headers: Headers, teamId: string) =>
  (await bin(headers)).find((item) => item.targetId === teamId);

describe('a deleted team', () => {
  it('goes with its sub-teams to the bin, vanishes everywhere and comes back with its members', async () => {
    const owner = await person();
    const member = await person();
    await befriend(owner, member);
    const root = await team(owner.headers, '研发部');
    const web = await team(owner.headers, '前端组', root.teamId);
    const widgets = await team(owner.headers, '组件组', web.teamId);
    await add(owner.headers, web.teamId, member.user.id);
    await add(owner.headers, widgets.teamId, member.user.id, 'admin');
    expect(await teamIds(member.headers)).toEqual([root.teamId, web.teamId, widgets.teamId].sort());

    expect(code(await call('DELETE', `/api/v1/team/${web.teamId}`, owner.headers))).toBe(0);
    // the member was only in the deleted teams: the whole tree is gone for them
    expect(await teamIds(member.headers)).toEqual([]);
    expect(await teamIds(owner.headers)).toEqual([root.teamId]);
    const rootDetail = (await call('GET', `/api/v1/team/${root.teamId}`, owner.headers)).json();
    expect(rootDetail.data.memberCount).toBe(1);

    // every team call answers 404 for both deleted teams, to the owner too
    for (const id of [web.teamId, widgets.teamId]) {
      for (const [method, url, payload] of [
        ['GET', `/api/v1/team/${id}`],
        ['PUT', `/api/v1/team/${id}`, { name: '新名字' }],
        ['PUT', `/api/v1/team/${id}/move`, { parentId: root.teamId }],
        ['DELETE', `/api/v1/team/${id}`],
        ['POST', `/api/v1/team/${id}/member`, { userId: member.user.id }],
        ['PUT', `/api/v1/team/${id}/member/${member.id}`, { role: 'admin' }],
        ['DELETE', `/api/v1/team/${id}/member/${member.id}`],
        ['GET', `/api/v1/team/${id}/joinCode`],
        ['PUT', `/api/v1/team/${id}/joinCode`],
        ['POST', `/api/v1/team/${id}/invitation`, { userId: member.user.id }],
        ['POST', '/api/v1/team', { name: '子团队', parentId: id }],
      ] as const) {
        for (const who of [owner, member]) {
          const res = await call(method, url, who.headers, payload);
          expect(res.statusCode, `${method} ${url}`).toBe(404);
        }
      }
    }
    // nor can a team move under it
    const other = await team(owner.headers, '测试组', root.teamId);
    expect(
      (
        await call('PUT', `/api/v1/team/${other.teamId}/move`, owner.headers, {
          parentId: web.teamId,
        })
      ).statusCode,
    ).toBe(404);

    // one item in the owner's bin; the member sees none
    const item = await binItem(owner.headers, web.teamId);
    expect(item).toMatchObject({
      kind: 'team',
      name: '前端组',
      spaceId: null,
      path: ['研发部'],
      abilities: { canRestore: true, canPurge: true },
    });
    expect((await bin(owner.headers)).filter((entry) => entry.kind === 'team')).toHaveLength(1);
    expect(await bin(member.headers)).toEqual([]);
    expect(
      (await call('POST', `/api/v1/recycle/${item!.recycleId}/restore`, member.headers)).statusCode,
    ).toBe(404);

    const restored = await call(
      'POST',
      `/api/v1/recycle/${item!.recycleId}/restore`,
      owner.headers,
    );
    expect(restored.json()).toMatchObject({
      code: 0,
      data: { kind: 'team', targetId: web.teamId, spaceId: null, parentId: root.teamId },
    });
    expect(await teamIds(member.headers)).toEqual(
      [root.teamId, other.teamId, web.teamId, widgets.teamId].sort(),
    );
    const widgetsDetail = (
      await call('GET', `/api/v1/team/${widgets.teamId}`, member.headers)
    ).json().data;
    expect(widgetsDetail).toMatchObject({ myRole: 'admin', parentId: web.teamId });
    expect(await binItem(owner.headers, web.teamId)).toBeUndefined();
    // and it works as before
    expect(
      code(await call('PUT', `/api/v1/team/${widgets.teamId}`, member.headers, { name: '组件' })),
    ).toBe(0);
  });

  it('frees its name, and restoring into a taken name answers 500001', async () => {
    const owner = await person();
    const root = await team(owner.headers, '读书会');
    const old = await team(owner.headers, '小说组', root.teamId);
    await call('DELETE', `/api/v1/team/${old.teamId}`, owner.headers);
    const taken = await team(owner.headers, '小说组', root.teamId);
    const item = await binItem(owner.headers, old.teamId);
    const clash = await call('POST', `/api/v1/recycle/${item!.recycleId}/restore`, owner.headers);
    expect(clash.statusCode).toBe(409);
    expect(code(clash)).toBe(ErrorCode.teamNameDuplicate);
    // still in the bin; once the name is free again it comes back
    expect(await binItem(owner.headers, old.teamId)).toBeDefined();
    await call('PUT', `/api/v1/team/${taken.teamId}`, owner.headers, { name: '诗歌组' });
    expect(
      code(await call('POST', `/api/v1/recycle/${item!.recycleId}/restore`, owner.headers)),
    ).toBe(0);

    // root teams too: among the owner's root teams
    const lone = await team(owner.headers, '旧名');
    await call('DELETE', `/api/v1/team/${lone.teamId}`, owner.headers);
    await team(owner.headers, '旧名');
    const loneItem = await binItem(owner.headers, lone.teamId);
    expect(
      code(await call('POST', `/api/v1/recycle/${loneItem!.recycleId}/restore`, owner.headers)),
    ).toBe(ErrorCode.teamNameDuplicate);
  });

  it('waits for its parent when the parent went to the bin after it (700009)', async () => {
    const owner = await person();
    const root = await team(owner.headers, '总部');
    const child = await team(owner.headers, '分部', root.teamId);
    await call('DELETE', `/api/v1/team/${child.teamId}`, owner.headers);
    await call('DELETE', `/api/v1/team/${root.teamId}`, owner.headers);
    const childItem = await binItem(owner.headers, child.teamId);
    const rootItem = await binItem(owner.headers, root.teamId);
    const early = await call(
      'POST',
      `/api/v1/recycle/${childItem!.recycleId}/restore`,
      owner.headers,
    );
    expect(early.statusCode).toBe(400);
    expect(code(early)).toBe(ErrorCode.operationNotAllowed);
    // the root comes back alone: the child was deleted on its own
    expect(
      code(await call('POST', `/api/v1/recycle/${rootItem!.recycleId}/restore`, owner.headers)),
    ).toBe(0);
    expect(await teamIds(owner.headers)).toEqual([root.teamId]);
    expect(
      code(await call('POST', `/api/v1/recycle/${childItem!.recycleId}/restore`, owner.headers)),
    ).toBe(0);
    expect(await teamIds(owner.headers)).toEqual([root.teamId, child.teamId].sort());
  });

  it("is in its owner's bin when a manager above deleted it; the deleter sees it", async () => {
    const owner = await person();
    const admin = await person();
    await befriend(owner, admin);
    const root = await team(owner.headers, '协会');
    await add(owner.headers, root.teamId, admin.user.id, 'admin');
    const adminsTeam = await team(admin.headers, '活动组', root.teamId);
    // the root owner deletes the admin's sub-team
    expect(code(await call('DELETE', `/api/v1/team/${adminsTeam.teamId}`, owner.headers))).toBe(0);
    expect(await binItem(admin.headers, adminsTeam.teamId)).toMatchObject({
      abilities: { canRestore: true, canPurge: true },
    });
    const seen = await binItem(owner.headers, adminsTeam.teamId);
    expect(seen).toMatchObject({ abilities: { canRestore: false, canPurge: false } });
    expect(
      (await call('POST', `/api/v1/recycle/${seen!.recycleId}/restore`, owner.headers)).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/v1/recycle/${seen!.recycleId}`, owner.headers)).statusCode,
    ).toBe(404);
    expect(
      code(await call('POST', `/api/v1/recycle/${seen!.recycleId}/restore`, admin.headers)),
    ).toBe(0);
  });

  it('stops counting against the team quota; restoring past it answers 700104', async () => {
    const owner = await person();
    await call('PUT', `/api/system/v1/users/${owner.id}/quota`, adminHeaders, {
      overrides: { teams: 2 },
    });
    const first = await team(owner.headers, 'A');
    await team(owner.headers, 'A1', first.teamId);
    await call('DELETE', `/api/v1/team/${first.teamId}`, owner.headers);
    await team(owner.headers, 'B');
    const item = await binItem(owner.headers, first.teamId);
    expect(
      code(await call('POST', `/api/v1/recycle/${item!.recycleId}/restore`, owner.headers)),
    ).toBe(ErrorCode.quotaTeams);
  });

  it('is deleted for good by its owner, with the sub-teams deleted on their own before it', async () => {
    const owner = await person();
    const member = await person();
    await befriend(owner, member);
    const root = await team(owner.headers, '旧团队');
    const child = await team(owner.headers, '旧小组', root.teamId);
    await add(owner.headers, child.teamId, member.user.id);
    await call('DELETE', `/api/v1/team/${child.teamId}`, owner.headers);
    await call('DELETE', `/api/v1/team/${root.teamId}`, owner.headers);
    const rootItem = await binItem(owner.headers, root.teamId);
    expect(
      code(await call('DELETE', `/api/v1/recycle/${rootItem!.recycleId}`, owner.headers)),
    ).toBe(0);
    expect(await bin(owner.headers)).toEqual([]);
    const left = await t.db
      .select({ id: teams.id })
      .from(teams)
      .where(inArray(teams.id, [root.teamId, child.teamId]));
    expect(left).toEqual([]);
  });

  it(`is purged after ${recycleRetentionDays} days like everything in the bin`, async () => {
    const owner = await person();
    const root = await team(owner.headers, '临时组');
    await call('DELETE', `/api/v1/team/${root.teamId}`, owner.headers);
    const item = await binItem(owner.headers, root.teamId);
    const day = 24 * 60 * 60 * 1000;
    await purgeExpiredRecycleItems(t.db, new Date(Date.now() + (recycleRetentionDays - 1) * day));
    expect(await binItem(owner.headers, root.teamId)).toBeDefined();
    await purgeExpiredRecycleItems(t.db, new Date(Date.now() + (recycleRetentionDays + 1) * day));
    expect(await binItem(owner.headers, root.teamId)).toBeUndefined();
    const rows = await t.db
      .select({ id: recycleItems.id })
      .from(recycleItems)
      .where(and(eq(recycleItems.id, item!.recycleId)));
    expect(rows).toEqual([]);
    expect(
      await t.db.select({ id: teams.id }).from(teams).where(eq(teams.id, root.teamId)),
    ).toEqual([]);
  });
});
