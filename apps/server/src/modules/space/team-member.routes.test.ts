// Teams in spaces through the real calls: a group holding a team gives its role to everyone in
// the team and its sub-teams (not to the teams above it), and takes it back on the very next
// request when they leave — tree, pages, files, AI answers, history and the space list alike.
// Someone in a group only through a team cannot leave it on their own (800010).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type AiStreamEvent, type ReferDoc } from '@library/contract';
import { users } from '../../db/schema/index.js';
import { buildStoredFile, buildSpace, paragraphBlock } from '../../../test/factories.js';
import { addrbookHelpers } from '../../../test/addrbook.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());
const { person, befriend, team } = addrbookHelpers(() => t);

type Headers = Record<string, string>;
const call: TestApp['call'] = (...args) => t.call(...args);

async function joinTeam(manager: { headers: Headers }, teamId: string, member: { id: string }) {
  const res = await call('POST', `/api/v1/team/${teamId}/member`, manager.headers, {
    userId: Number(member.id),
    role: 'member',
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
}

async function groupOf(spaceId: string, headers: Headers, role: string) {
  const res = await call('GET', `/api/v2/space/${spaceId}/memberGroup`, headers);
  const groups = res.body.data.list as Array<{
    memberGroupId: string;
    role: string;
    members: Array<{ memberType: string; memberId: string; name: string; memberCount?: number }>;
  }>;
  return groups.find((group) => group.role === role)!;
}

const addTeam = (groupId: string, headers: Headers, teamId: string) =>
  call('POST', `/api/v2/space/memberGroup/${groupId}/member`, headers, {
    memberType: 'team',
    teamId,
  });

/** A published page made through the API. */
async function publishedPage(spaceId: string, headers: Headers, name: string, text: string) {
  const created = await call('POST', `/api/v2/space/${spaceId}/page`, headers, { name });
  const pageId = created.body.data.pageId as string;
  const saved = await call('PUT', `/api/v2/space/page/${pageId}/block`, headers, {
    baseRevision: 0,
    changes: [
      { op: 'upsert', blockId: 'p1', afterBlockId: null, data: paragraphBlock('p1', text) },
    ],
  });
  expect(saved.status).toBe(200);
  const published = await call('POST', `/api/v2/space/page/${pageId}/version`, headers, {
    name: 'v1',
  });
  expect(published.status).toBe(200);
  return pageId;
}

/**
 * A (owner of a space and of the tree 研发部 › 前端组 › 组件小组) with B in 组件小组, C in 研发部
 * only; the space's reader group holds 前端组.
 */
async function buildWorld() {
  const [a, b, c] = [await person(), await person(), await person()];
  await befriend(a, b);
  await befriend(a, c);
  const root = (await team(a.headers, '研发部')).teamId;
  const frontEnd = (await team(a.headers, '前端组', root)).teamId;
  const widgets = (await team(a.headers, '组件小组', frontEnd)).teamId;
  await joinTeam(a, widgets, b);
  await joinTeam(a, root, c);
  const space = await buildSpace(t.db, a.user.id, '前端知识库');
  const readers = await groupOf(space.id, a.headers, 'reader');
  expect((await addTeam(readers.memberGroupId, a.headers, frontEnd)).body.code).toBe(0);
  return { a, b, c, root, frontEnd, widgets, space, readers };
}

describe('a team in a member group', () => {
  it('gives the role to the team and its sub-teams, not to the teams above it', async () => {
    const { a, b, c, space, frontEnd } = await buildWorld();
    const forB = await call('GET', `/api/v2/space/${space.id}`, b.headers);
    expect(forB.body.data.role).toBe('reader');
    expect((await call('GET', `/api/v2/space/${space.id}`, c.headers)).status).toBe(404);

    const groups = await call('GET', '/api/v3/space/group', b.headers);
    const listed = (groups.body.data as Array<{ spaceList: Array<{ spaceId: string }> }>).flatMap(
      (group) => group.spaceList.map((s) => s.spaceId),
    );
    expect(listed).toContain(space.id);

    // the member list names the team with its people (a, b: the sub-team's count)
    const readers = await groupOf(space.id, a.headers, 'reader');
    expect(readers.members).toEqual([
      expect.objectContaining({ memberType: 'team', memberId: frontEnd, name: '前端组' }),
    ]);
    expect(readers.members[0]!.memberCount).toBe(2);
  });

  it('takes every read away on the next request once the person leaves the team', async () => {
    const { a, b, space, widgets } = await buildWorld();
    const pageId = await publishedPage(space.id, a.headers, '组件规范', '按钮组件使用主色调。');
    const file = await buildStoredFile(t.db, {
      spaceId: space.id,
      uploadedBy: a.user.id,
      name: '设计稿.pdf',
    });
    const visit = await call('POST', '/api/v1/history', b.headers, {
      targetType: 'page',
      targetId: pageId,
    });
    const reads = {
      tree: `/api/v2/space/${space.id}/tree`,
      page: `/api/v2/space/page/${pageId}`,
      blocks: `/api/v2/space/page/${pageId}/block?version=0`,
      comments: `/api/v2/space/page/${pageId}/comment?page=0&pageSize=10000`,
      file: `/api/v3/space/file/${file.id}/previewUrl`,
    };
    for (const url of Object.values(reads)) {
      expect((await call('GET', url, b.headers)).status, url).toBe(200);
    }
    const history = async () =>
      JSON.stringify((await call('GET', '/api/v1/history?page=0&pageSize=50', b.headers)).body);
    expect(visit.status).toBe(200);
    expect(await history()).toContain(pageId);

    const left = await call('DELETE', `/api/v1/team/${widgets}/member/${b.id}`, b.headers);
    expect(left.body.code).toBe(0);
    for (const url of Object.values(reads)) {
      const res = await call('GET', url, b.headers);
      expect(res.status, url).toBe(404);
      expect(res.body.code).toBe(ErrorCode.dataMissing);
    }
    expect(
      JSON.stringify((await call('GET', '/api/v3/space/group', b.headers)).body),
    ).not.toContain(space.id);
    expect(await history()).not.toContain(pageId);
  });

  it('cites the space in AI answers only while the asker is in the team', async () => {
    const { a, b, space, frontEnd } = await buildWorld();
    await publishedPage(
      space.id,
      a.headers,
      '发布流程',
      '每周四下午发布前端版本，先在预发环境验证。',
    );
    const enabled = await call('POST', `/api/v1/ai/${space.id}/enable`, a.headers, {
      enable: true,
    });
    const chatId = enabled.body.data.chat.id as string;
    while ((await t.jobs.drain()) > 0);
    const session = await call('POST', `/api/v1/ai/chat/${chatId}/session`, b.headers, {
      name: '新对话',
    });
    expect(session.status).toBe(200);
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/ai/chat/${chatId}/converse/stream`,
        headers: { ...b.headers, 'content-type': 'application/json' },
        payload: { sessionId: session.body.data.id, question: '前端什么时候发布？' },
      });
    const before = await ask();
    const events = before.body
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice(6)) as AiStreamEvent);
    const final = events.at(-1)?.data as { referDocList: ReferDoc[] };
    expect(final.referDocList.length).toBeGreaterThan(0);

    // the team leaves the group: the next question is refused like a missing chat
    const readers = await groupOf(space.id, a.headers, 'reader');
    const removed = await call(
      'DELETE',
      `/api/v2/space/memberGroup/${readers.memberGroupId}/member/team/${frontEnd}`,
      a.headers,
    );
    expect(removed.body.code).toBe(0);
    const after = await ask();
    expect(after.statusCode).toBe(404);
    expect(after.body).not.toContain('预发环境');
  });

  it('loses the role when the team is deleted', async () => {
    const { a, b, space, frontEnd } = await buildWorld();
    expect((await call('DELETE', `/api/v1/team/${frontEnd}`, a.headers)).body.code).toBe(0);
    expect((await call('GET', `/api/v2/space/${space.id}`, b.headers)).status).toBe(404);
    expect((await groupOf(space.id, a.headers, 'reader')).members).toEqual([]);
  });
});

describe('the people of a space, to mention', () => {
  it('lists members directly and through teams below the one added, friends first, by nickname', async () => {
    const w = await buildWorld();
    const d = await person();
    const editors = await groupOf(w.space.id, w.a.headers, 'editor');
    const added = await call(
      'POST',
      `/api/v2/space/memberGroup/${editors.memberGroupId}/member`,
      w.a.headers,
      {
        memberType: 'user',
        account: d.id,
      },
    );
    expect(added.body.code, JSON.stringify(added.body)).toBe(0);
    const people = async (headers: Headers, keywords = '') => {
      const res = await call(
        'GET',
        `/api/v2/space/${w.space.id}/people?keywords=${encodeURIComponent(keywords)}`,
        headers,
      );
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      return res.body.data.list as Array<{ userId: string; nickname: string; friend: boolean }>;
    };
    // C is in 研发部 only, above the team the space holds: not a member
    // nobody is offered to mention themselves
    const seenByA = await people(w.a.headers);
    expect(seenByA.map((p) => p.userId).sort()).toEqual(
      [w.b.user.id, d.user.id].map(String).sort(),
    );
    expect(seenByA[0]).toMatchObject({ userId: String(w.b.user.id), friend: true });
    await t.db.update(users).set({ nickname: '丁一' }).where(eq(users.id, d.user.id));
    expect(await people(w.a.headers, '丁')).toEqual([
      expect.objectContaining({ userId: String(d.user.id), friend: false }),
    ]);
    expect(await people(w.a.headers, '%')).toEqual([]);
    // named by id (a page's mentions): only those of the space
    const named = await call(
      'GET',
      `/api/v2/space/${w.space.id}/people?userIds=${d.id},${w.c.id}`,
      w.a.headers,
    );
    expect(named.body.data.list).toEqual([
      expect.objectContaining({ userId: d.id, nickname: '丁一' }),
    ]);
    // someone outside the space learns nothing of its people
    const outside = await call('GET', `/api/v2/space/${w.space.id}/people`, w.c.headers);
    expect(outside.status).toBe(404);
    expect(outside.body.code).toBe(ErrorCode.dataMissing);
  });
});

describe('leaving a member group', () => {
  it('refuses someone who is in the group only through a team (800010)', async () => {
    const { b, space, readers } = await buildWorld();
    const leave = await call(
      'DELETE',
      `/api/v2/space/memberGroup/${readers.memberGroupId}/member/user/${b.id}`,
      b.headers,
    );
    expect(leave.body.code).toBe(ErrorCode.teamMemberCannotLeaveGroup);
    expect((await call('GET', `/api/v2/space/${space.id}`, b.headers)).body.data.role).toBe(
      'reader',
    );
  });

  it('lets a person leave a group they are in by themselves; a stranger gets 404', async () => {
    const { a, b, space, readers } = await buildWorld();
    const editors = await groupOf(space.id, a.headers, 'editor');
    await call('POST', `/api/v2/space/memberGroup/${editors.memberGroupId}/member`, a.headers, {
      memberType: 'user',
      account: b.id,
    });
    expect((await call('GET', `/api/v2/space/${space.id}`, b.headers)).body.data.role).toBe(
      'editor',
    );
    const leave = await call(
      'DELETE',
      `/api/v2/space/memberGroup/${editors.memberGroupId}/member/user/${b.id}`,
      b.headers,
    );
    expect(leave.body.code).toBe(0);
    // still a reader through the team
    expect((await call('GET', `/api/v2/space/${space.id}`, b.headers)).body.data.role).toBe(
      'reader',
    );
    const stranger = await person();
    const res = await call(
      'DELETE',
      `/api/v2/space/memberGroup/${readers.memberGroupId}/member/user/${stranger.id}`,
      stranger.headers,
    );
    expect(res.status).toBe(404);
  });
});

describe('adding a team', () => {
  it('takes teams the manager is in, never into the owner group; others are missing', async () => {
    const { a, space, frontEnd } = await buildWorld();
    const owners = await groupOf(space.id, a.headers, 'owner');
    const intoOwners = await addTeam(owners.memberGroupId, a.headers, frontEnd);
    expect(intoOwners.body.code).toBe(ErrorCode.operationNotAllowed);

    const stranger = await person();
    const theirs = (await team(stranger.headers, '市场部')).teamId;
    const editors = await groupOf(space.id, a.headers, 'editor');
    const foreign = await addTeam(editors.memberGroupId, a.headers, theirs);
    expect(foreign.status).toBe(404);
    const unknown = await addTeam(editors.memberGroupId, a.headers, crypto.randomUUID());
    expect(unknown.status).toBe(404);
    const malformed = await addTeam(editors.memberGroupId, a.headers, 'x'.repeat(10_000));
    expect(malformed.status).toBe(400);
    expect((await groupOf(space.id, a.headers, 'editor')).members).toEqual([]);

    // a reader of the space cannot add a team it is in
    const { b, readers } = {
      b: await person(),
      readers: await groupOf(space.id, a.headers, 'reader'),
    };
    const byReader = await addTeam(readers.memberGroupId, b.headers, frontEnd);
    expect(byReader.status).toBe(404);
  });
});

describe('GET /api/v1/team/:id/space', () => {
  it('lists the spaces reached through the team or a team above it', async () => {
    const { a, b, c, space, widgets, root, frontEnd } = await buildWorld();
    const forB = await call('GET', `/api/v1/team/${widgets}/space`, b.headers);
    expect(forB.body.data.list).toEqual([
      expect.objectContaining({
        spaceId: space.id,
        name: '前端知识库',
        role: 'reader',
        viaTeamId: frontEnd,
        viaTeamName: '前端组',
      }),
    ]);
    // c is in the tree but not in the space: the root's list shows nothing to c…
    expect((await call('GET', `/api/v1/team/${root}/space`, c.headers)).body.data.list).toEqual([]);
    expect((await call('GET', `/api/v1/team/${frontEnd}/space`, c.headers)).body.data.list).toEqual(
      [],
    );
    // …while the owner, who manages the team, sees it
    expect(
      (await call('GET', `/api/v1/team/${frontEnd}/space`, a.headers)).body.data.list,
    ).toHaveLength(1);
    const stranger = await person();
    expect((await call('GET', `/api/v1/team/${frontEnd}/space`, stranger.headers)).status).toBe(
      404,
    );
  });
});

describe('GET /api/v1/friend/:userId/space', () => {
  it("lists the spaces a friend and I are both in, with each side's role; strangers 404", async () => {
    const { a, b, c, space } = await buildWorld();
    const mineOnly = await buildSpace(t.db, a.user.id, '我的草稿');
    const forA = await call('GET', `/api/v1/friend/${b.id}/space`, a.headers);
    expect(forA.body.data.list).toEqual([
      { spaceId: space.id, name: '前端知识库', icon: null, myRole: 'owner', friendRole: 'reader' },
    ]);
    expect(JSON.stringify(forA.body)).not.toContain(mineOnly.id);
    // c is a's friend but in no space of a's
    expect((await call('GET', `/api/v1/friend/${c.id}/space`, a.headers)).body.data.list).toEqual(
      [],
    );
    // b and c are not friends
    expect((await call('GET', `/api/v1/friend/${c.id}/space`, b.headers)).status).toBe(404);
  });
});
