import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@library/contract';
import { recycleItems, spaces } from '../../db/schema/index.js';
import { addMember, authHeader, buildSpace, buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call: TestApp['call'] = (...args) => t.call(...args);

async function userWithHeaders(password?: string) {
  const user = await buildUser(t.db, { password });
  return { user, headers: await authHeader(t.db, user.id) };
}

describe('creating and reading spaces', () => {
  it('creates a space in the first group with the creator as owner', async () => {
    const { headers } = await userWithHeaders();
    const created = await call('POST', '/api/v2/space', headers, {
      name: '  产品手册 ',
      description: '说明',
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      name: '产品手册',
      description: '说明',
      role: 'owner',
      abilities: { canRead: true, canEdit: true, canManage: true, canDelete: true, canShare: true },
    });
    const groups = await call('GET', '/api/v3/space/group', headers);
    expect(groups.body.data).toHaveLength(1);
    expect(groups.body.data[0].groupName).toBe('我的空间');
    expect(groups.body.data[0].spaceList.map((s: { spaceId: string }) => s.spaceId)).toEqual([
      created.body.data.spaceId,
    ]);
    const detail = await call('GET', `/api/v2/space/${created.body.data.spaceId}`, headers);
    expect(detail.body.data.name).toBe('产品手册');
  });

  it.each([
    ['empty', '   '],
    ['256 characters', '名'.repeat(256)],
  ])('refuses a %s name with 100002', async (_label, name) => {
    const { headers } = await userWithHeaders();
    const res = await call('POST', '/api/v2/space', headers, { name });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.paramError);
    expect(res.body.data.issues[0].field).toBe('name');
  });

  it('accepts a 255-character name', async () => {
    const { headers } = await userWithHeaders();
    expect(
      (await call('POST', '/api/v2/space', headers, { name: '名'.repeat(255) })).body.code,
    ).toBe(0);
  });

  it('answers an outsider and an unknown id alike with 404 + 100007', async () => {
    const owner = await buildUser(t.db);
    const space = await buildSpace(t.db, owner.id);
    const { headers } = await userWithHeaders();
    const forbidden = await call('GET', `/api/v2/space/${space.id}`, headers);
    const missing = await call(
      'GET',
      `/api/v2/space/00000000-0000-4000-8000-000000000000`,
      headers,
    );
    expect(forbidden.status).toBe(404);
    expect(forbidden.body).toEqual(missing.body);
    expect((await call('GET', '/api/v2/space/not-a-uuid', headers)).body.code).toBe(
      ErrorCode.paramError,
    );
    // anonymous callers are visitors: a space that is not open looks missing to them too
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v2/space/${space.id}` });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toEqual(missing.body);
    // a token that is no longer valid is still 401, so the web asks to log in again
    const expired = await call('GET', `/api/v2/space/${space.id}`, {
      authorization: 'Bearer not-a-valid-token',
    });
    expect(expired.status).toBe(401);
  });

  it('lists a space a member was given in the first group, with the member role', async () => {
    const owner = await buildUser(t.db);
    const space = await buildSpace(t.db, owner.id, '团队空间');
    const { user, headers } = await userWithHeaders();
    await addMember(t.db, space.id, user.id, 'reader');
    const groups = await call('GET', '/api/v3/space/group', headers);
    expect(groups.body.data[0].spaceList).toEqual([
      expect.objectContaining({ spaceId: space.id, name: '团队空间', role: 'reader' }),
    ]);
    const detail = await call('GET', `/api/v2/space/${space.id}`, headers);
    expect(detail.body.data.abilities).toEqual({
      canRead: true,
      canEdit: false,
      canManage: false,
      canDelete: false,
      canShare: false,
    });
  });
});

describe('changing spaces', () => {
  it('lets admins change settings and refuses editors and readers as missing', async () => {
    const owner = await buildUser(t.db);
    const space = await buildSpace(t.db, owner.id);
    for (const [role, allowed] of [
      ['admin', true],
      ['editor', false],
      ['reader', false],
    ] as const) {
      const { user, headers } = await userWithHeaders();
      await addMember(t.db, space.id, user.id, role);
      const res = await call('PUT', `/api/v2/space/${space.id}`, headers, {
        name: `${role} 改名`,
        openToVisitors: true,
      });
      expect(res.status).toBe(allowed ? 200 : 404);
      if (allowed)
        expect(res.body.data).toMatchObject({
          name: 'admin 改名',
          openToVisitors: true,
          role: 'admin',
        });
    }
  });

  it('changes only the fields a save names: a later save of the description keeps the space open', async () => {
    const { user, headers } = await userWithHeaders();
    const space = await buildSpace(t.db, user.id);
    const opened = await call('PUT', `/api/v2/space/${space.id}`, headers, {
      openToVisitors: true,
    });
    expect(opened.body.data.openToVisitors).toBe(true);
    const described = await call('PUT', `/api/v2/space/${space.id}`, headers, {
      description: '对访客开放的手册',
    });
    expect(described.body.data).toMatchObject({
      description: '对访客开放的手册',
      openToVisitors: true,
    });
    const visitor = await t.app.inject({ method: 'GET', url: `/api/v2/space/${space.id}` });
    expect(visitor.statusCode).toBe(200);
  });

  it('applies saves that arrive together one after the other, none lost', async () => {
    const { user, headers } = await userWithHeaders();
    const space = await buildSpace(t.db, user.id);
    const answers = await Promise.all([
      call('PUT', `/api/v2/space/${space.id}`, headers, { openToVisitors: true }),
      call('PUT', `/api/v2/space/${space.id}`, headers, { name: '并发改名' }),
      call('PUT', `/api/v2/space/${space.id}`, headers, { icon: '📘' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const detail = await call('GET', `/api/v2/space/${space.id}`, headers);
    expect(detail.body.data).toMatchObject({
      name: '并发改名',
      icon: '📘',
      openToVisitors: true,
    });
  });
});

describe('DELETE /api/v2/space/{id}', () => {
  it('refuses a wrong password with 200005 and deletes nothing', async () => {
    const { user, headers } = await userWithHeaders('Secret123');
    const space = await buildSpace(t.db, user.id);
    const res = await call('DELETE', `/api/v2/space/${space.id}`, headers, {
      auth: { type: 'password', args: { password: 'Wrong1234' } },
    });
    expect(res.body.code).toBe(ErrorCode.passwordCheckWrong);
    expect((await call('GET', `/api/v2/space/${space.id}`, headers)).status).toBe(200);
    expect(
      await t.db.select().from(recycleItems).where(eq(recycleItems.targetId, space.id)),
    ).toHaveLength(0);
  });

  it('moves the space to the recycle bin with the owner password', async () => {
    const { user, headers } = await userWithHeaders('Secret123');
    const space = await buildSpace(t.db, user.id, '要删除的空间');
    const res = await call('DELETE', `/api/v2/space/${space.id}`, headers, {
      auth: { type: 'password', args: { password: 'Secret123' } },
    });
    expect(res.body.code).toBe(0);
    expect((await call('GET', `/api/v2/space/${space.id}`, headers)).status).toBe(404);
    const groups = await call('GET', '/api/v3/space/group', headers);
    expect(groups.body.data[0].spaceList).toEqual([]);
    const [item] = await t.db
      .select()
      .from(recycleItems)
      .where(eq(recycleItems.targetId, space.id));
    expect(item).toMatchObject({ kind: 'space', name: '要删除的空间', deletedBy: user.id });
    const [row] = await t.db.select().from(spaces).where(eq(spaces.id, space.id));
    expect(row?.deletedAt).not.toBeNull();
  });

  it('lets only the owner delete (an admin is refused as missing)', async () => {
    const owner = await buildUser(t.db, { password: 'Secret123' });
    const space = await buildSpace(t.db, owner.id);
    const { user, headers } = await userWithHeaders('Secret123');
    await addMember(t.db, space.id, user.id, 'admin');
    const res = await call('DELETE', `/api/v2/space/${space.id}`, headers, {
      auth: { type: 'password', args: { password: 'Secret123' } },
    });
    expect(res.status).toBe(404);
  });

  it('requires the spec payload shape', async () => {
    const { user, headers } = await userWithHeaders('Secret123');
    const space = await buildSpace(t.db, user.id);
    const res = await call('DELETE', `/api/v2/space/${space.id}`, headers, {
      password: 'Secret123',
    });
    expect(res.body.code).toBe(ErrorCode.paramError);
  });
});

describe('space groups', () => {
  it('creates, renames, reorders and deletes groups; spaces of a deleted group move to the first', async () => {
    const { user, headers } = await userWithHeaders();
    const a = await buildSpace(t.db, user.id, '甲');
    const work = (await call('POST', '/api/v3/space/group', headers, { groupName: '工作' })).body
      .data;
    const b = await call('POST', '/api/v2/space', headers, { name: '乙', groupId: work.groupId });
    expect(b.body.code).toBe(0);
    await call('PUT', `/api/v3/space/group/${work.groupId}`, headers, { groupName: '工作资料' });
    let groups = (await call('GET', '/api/v3/space/group', headers)).body.data;
    expect(groups.map((g: { groupName: string }) => g.groupName)).toEqual(['我的空间', '工作资料']);
    // the first group is flagged, so the web names it in the reader's language
    expect(groups.map((g: { isDefault: boolean }) => g.isDefault)).toEqual([true, false]);
    expect(groups[1].spaceList.map((s: { name: string }) => s.name)).toEqual(['乙']);

    const ids = groups.map((g: { groupId: string }) => g.groupId);
    expect(
      (await call('PUT', '/api/v3/space/group/order', headers, { groupIds: [...ids].reverse() }))
        .body.code,
    ).toBe(0);
    groups = (await call('GET', '/api/v3/space/group', headers)).body.data;
    expect(groups[0].groupName).toBe('工作资料');

    const partial = await call('PUT', '/api/v3/space/group/order', headers, { groupIds: [ids[0]] });
    expect(partial.body.code).toBe(ErrorCode.paramError);

    expect((await call('DELETE', `/api/v3/space/group/${work.groupId}`, headers)).body.code).toBe(
      0,
    );
    groups = (await call('GET', '/api/v3/space/group', headers)).body.data;
    expect(groups).toHaveLength(1);
    expect(groups[0].spaceList.map((s: { spaceId: string }) => s.spaceId)).toEqual([
      a.id,
      b.body.data.spaceId,
    ]);
    const last = await call('DELETE', `/api/v3/space/group/${groups[0].groupId}`, headers);
    expect(last.body.code).toBe(ErrorCode.operationNotAllowed);
  });

  it('flags the first group as the default until the user renames it', async () => {
    const { headers } = await userWithHeaders();
    const [first] = (await call('GET', '/api/v3/space/group', headers)).body.data;
    expect(first).toMatchObject({ groupName: '我的空间', isDefault: true });
    await call('PUT', `/api/v3/space/group/${first.groupId}`, headers, { groupName: '家里' });
    const [renamed] = (await call('GET', '/api/v3/space/group', headers)).body.data;
    expect(renamed).toMatchObject({ groupName: '家里', isDefault: false });
  });

  it('moves a space between groups and before another space', async () => {
    const { user, headers } = await userWithHeaders();
    const first = await buildSpace(t.db, user.id, '一');
    const second = await buildSpace(t.db, user.id, '二');
    const other = (await call('POST', '/api/v3/space/group', headers, { groupName: '其他' })).body
      .data;
    await call('PUT', `/api/v3/space/${first.id}/group`, headers, { groupId: other.groupId });
    let groups = (await call('GET', '/api/v3/space/group', headers)).body.data;
    expect(groups[1].spaceList.map((s: { name: string }) => s.name)).toEqual(['一']);
    await call('PUT', `/api/v3/space/${second.id}/group`, headers, {
      groupId: other.groupId,
      beforeSpaceId: first.id,
    });
    groups = (await call('GET', '/api/v3/space/group', headers)).body.data;
    expect(groups[0].spaceList).toEqual([]);
    expect(groups[1].spaceList.map((s: { name: string }) => s.name)).toEqual(['二', '一']);
  });

  it("never touches another user's groups", async () => {
    const { headers } = await userWithHeaders();
    const stranger = await userWithHeaders();
    const theirs = (
      await call('POST', '/api/v3/space/group', stranger.headers, { groupName: '私人' })
    ).body.data;
    expect(
      (await call('PUT', `/api/v3/space/group/${theirs.groupId}`, headers, { groupName: 'x' }))
        .status,
    ).toBe(404);
    expect((await call('DELETE', `/api/v3/space/group/${theirs.groupId}`, headers)).status).toBe(
      404,
    );
    const mine = await call('POST', '/api/v2/space', headers, {
      name: 'x',
      groupId: theirs.groupId,
    });
    expect(mine.status).toBe(404);
  });
});
