import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@library/contract';
import {
  addMember,
  authHeader,
  buildSpace,
  buildUser,
  uniqueEmail,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call: TestApp['call'] = (...args) => t.call(...args);

interface GroupBody {
  memberGroupId: string;
  isDefault: boolean;
  role: string;
  name: string;
  members: Array<{ memberId: string; name: string }>;
}

async function setUp() {
  const owner = await buildUser(t.db);
  const space = await buildSpace(t.db, owner.id);
  const headers = await authHeader(t.db, owner.id);
  const list = async (h = headers) =>
    (await call('GET', `/api/v2/space/${space.id}/memberGroup`, h)).body.data?.list as GroupBody[];
  const groupOf = async (role: string) => (await list()).find((group) => group.role === role)!;
  return { owner, space, headers, list, groupOf };
}

describe('member groups', () => {
  it('starts a space with owner, admin, editor and reader groups, the creator as owner', async () => {
    const { owner, list } = await setUp();
    const groups = await list();
    expect(groups.map((group) => group.role)).toEqual(['owner', 'admin', 'editor', 'reader']);
    // still under their first names: the web names them in the reader's language
    expect(groups.map((group) => group.isDefault)).toEqual([true, true, true, true]);
    expect(groups[0]!.members).toEqual([
      expect.objectContaining({ memberId: String(owner.id), name: '测试用户' }),
    ]);
  });

  it('answers a renamed first group as not default any more', async () => {
    const { headers, groupOf } = await setUp();
    const readers = await groupOf('reader');
    await call('PUT', `/api/v2/space/memberGroup/${readers.memberGroupId}`, headers, {
      name: '审稿人',
    });
    expect(await groupOf('reader')).toMatchObject({ name: '审稿人', isDefault: false });
    expect((await groupOf('editor')).isDefault).toBe(true);
  });

  it('adds a member by e-mail, mobile or ID, giving the group role; unknown accounts → 200003', async () => {
    const { space, headers, groupOf } = await setUp();
    const email = uniqueEmail();
    const person = await buildUser(t.db, { email });
    const editors = await groupOf('editor');
    for (const account of [email, person.mobile!, String(person.id)]) {
      const res = await call(
        'POST',
        `/api/v2/space/memberGroup/${editors.memberGroupId}/member`,
        headers,
        {
          memberType: 'user',
          account,
        },
      );
      expect(res.body.code).toBe(0);
    }
    expect((await groupOf('editor')).members).toHaveLength(1);
    const detail = await call(
      'GET',
      `/api/v2/space/${space.id}`,
      await authHeader(t.db, person.id),
    );
    expect(detail.body.data.role).toBe('editor');
    const unknown = await call(
      'POST',
      `/api/v2/space/memberGroup/${editors.memberGroupId}/member`,
      headers,
      {
        memberType: 'user',
        account: 'nobody@example.com',
      },
    );
    expect(unknown.body.code).toBe(ErrorCode.userMissing);
  });

  it('takes the highest role of all groups holding a user', async () => {
    const { space } = await setUp();
    const person = await buildUser(t.db);
    await addMember(t.db, space.id, person.id, 'reader');
    await addMember(t.db, space.id, person.id, 'admin');
    const detail = await call(
      'GET',
      `/api/v2/space/${space.id}`,
      await authHeader(t.db, person.id),
    );
    expect(detail.body.data.role).toBe('admin');
  });

  it('removes a member, who then cannot see the space', async () => {
    const { space, headers, groupOf } = await setUp();
    const person = await buildUser(t.db);
    await addMember(t.db, space.id, person.id, 'reader');
    const readers = await groupOf('reader');
    const res = await call(
      'DELETE',
      `/api/v2/space/memberGroup/${readers.memberGroupId}/member/user/${person.id}`,
      headers,
    );
    expect(res.body.code).toBe(0);
    expect(
      (await call('GET', `/api/v2/space/${space.id}`, await authHeader(t.db, person.id))).status,
    ).toBe(404);
    const again = await call(
      'DELETE',
      `/api/v2/space/memberGroup/${readers.memberGroupId}/member/user/${person.id}`,
      headers,
    );
    expect(again.status).toBe(404);
  });

  it('keeps at least one owner, and the owner group keeps its role and cannot be deleted', async () => {
    const { owner, headers, groupOf } = await setUp();
    const owners = await groupOf('owner');
    const leave = await call(
      'DELETE',
      `/api/v2/space/memberGroup/${owners.memberGroupId}/member/user/${owner.id}`,
      headers,
    );
    expect(leave.body.code).toBe(ErrorCode.operationNotAllowed);
    expect((await groupOf('owner')).members).toHaveLength(1);
    expect(
      (await call('DELETE', `/api/v2/space/memberGroup/${owners.memberGroupId}`, headers)).body
        .code,
    ).toBe(ErrorCode.operationNotAllowed);
    const demote = await call('PUT', `/api/v2/space/memberGroup/${owners.memberGroupId}`, headers, {
      role: 'reader',
    });
    expect(demote.body.code).toBe(ErrorCode.operationNotAllowed);
  });

  it('lets admins manage groups except the owner group; editors and readers may only look', async () => {
    const { space, groupOf } = await setUp();
    const admin = await buildUser(t.db);
    const editor = await buildUser(t.db);
    await addMember(t.db, space.id, admin.id, 'admin');
    await addMember(t.db, space.id, editor.id, 'editor');
    const adminHeaders = await authHeader(t.db, admin.id);
    const editorHeaders = await authHeader(t.db, editor.id);

    const created = await call('POST', `/api/v2/space/${space.id}/memberGroup`, adminHeaders, {
      name: '外部顾问',
      role: 'reader',
    });
    expect(created.body.code).toBe(0);
    const renamed = await call(
      'PUT',
      `/api/v2/space/memberGroup/${created.body.data.memberGroupId}`,
      adminHeaders,
      {
        name: '顾问',
        role: 'editor',
      },
    );
    expect(renamed.body.code).toBe(0);
    expect((await groupOf('editor')).name).toBe('编辑者');

    const owners = await groupOf('owner');
    const grab = await call(
      'POST',
      `/api/v2/space/memberGroup/${owners.memberGroupId}/member`,
      adminHeaders,
      {
        memberType: 'user',
        account: String(admin.id),
      },
    );
    expect(grab.status).toBe(404);
    const asOwner = await call('POST', `/api/v2/space/${space.id}/memberGroup`, adminHeaders, {
      name: 'x',
      role: 'owner',
    });
    expect(asOwner.body.code).toBe(ErrorCode.paramError);

    expect(
      (await call('GET', `/api/v2/space/${space.id}/memberGroup`, editorHeaders)).body.code,
    ).toBe(0);
    const editorCreates = await call(
      'POST',
      `/api/v2/space/${space.id}/memberGroup`,
      editorHeaders,
      {
        name: 'x',
        role: 'reader',
      },
    );
    expect(editorCreates.status).toBe(404);
    expect(
      (
        await call(
          'DELETE',
          `/api/v2/space/memberGroup/${created.body.data.memberGroupId}`,
          adminHeaders,
        )
      ).body.code,
    ).toBe(0);
  });

  it('hides member groups from outsiders', async () => {
    const { space } = await setUp();
    const outsider = await buildUser(t.db);
    const res = await call(
      'GET',
      `/api/v2/space/${space.id}/memberGroup`,
      await authHeader(t.db, outsider.id),
    );
    expect(res.status).toBe(404);
  });
});
