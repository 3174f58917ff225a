// Two instances on one database, each keeping who may read which page and space (access-cache.ts):
// whatever one of them commits — a save, an unpublished or deleted page, a space closed to
// visitors or deleted, a member group's role lowered or the group deleted, someone leaving a team
// that holds a group, a renamed page in the tree — is seen by the other on the very next read. On
// PostgreSQL (TEST_DATABASE_URL) the instances have their own pools and listening connections,
// as two servers would; on PGlite they share the embedded database.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceMemberGroups, teamMembers } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  addMember,
  authHeader,
  buildPage,
  buildSpace,
  buildUser,
  paragraphBlock,
} from '../../../test/factories.js';

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await createTestApp();
  second = await createTestApp({}, first.database.kind === 'pglite' ? first.database : undefined);
});

afterAll(async () => {
  await second?.close();
  await first?.close();
});

type Headers = Record<string, string>;

/** A space with its owner and a page saved with one paragraph and published as v1. */
async function publishedPage(text = '正文') {
  const owner = await buildUser(first.db);
  const space = await buildSpace(first.db, owner.id);
  const page = await buildPage(first.db, space.id, owner.id);
  const ownerHeaders = await authHeader(first.db, owner.id);
  await save(ownerHeaders, page.id, 0, text);
  const published = await first.call(
    'POST',
    `/api/v2/space/page/${page.id}/version`,
    ownerHeaders,
    { name: 'v1' },
  );
  expect(published.status).toBe(200);
  return { owner, space, page, ownerHeaders };
}

async function save(headers: Headers, pageId: string, baseRevision: number, text: string) {
  const saved = await first.call('PUT', `/api/v2/space/page/${pageId}/block`, headers, {
    baseRevision,
    changes: [
      { op: 'upsert', blockId: 'b1', afterBlockId: null, data: paragraphBlock('b1', text) },
    ],
  });
  expect(saved.status).toBe(200);
  return saved.body.data.revision as number;
}

const blocksUrl = (pageId: string) => `/api/v2/space/page/${pageId}/block?version=0`;

/** Both instances answer the read with 200, so both hold what it was checked against. */
async function warm(url: string, headers: Headers = {}) {
  for (const instance of [first, second]) {
    const res = await instance.call('GET', url, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

const firstText = (body: { data: { blocks: Array<{ content: Array<{ text: string }> }> } }) =>
  body.data.blocks[0]?.content[0]?.text;

describe('access kept by each instance', () => {
  it("an editor's save is read back from the other instance, not the draft it kept", async () => {
    const { page, ownerHeaders } = await publishedPage('第一稿');
    await warm(blocksUrl(page.id), ownerHeaders);
    const before = await second.call('GET', blocksUrl(page.id), ownerHeaders);
    expect(firstText(before.body)).toBe('第一稿');
    await save(ownerHeaders, page.id, before.body.data.revision, '第二稿');
    const after = await second.call('GET', blocksUrl(page.id), ownerHeaders);
    expect(after.body.data.revision).toBe(before.body.data.revision + 1);
    expect(firstText(after.body)).toBe('第二稿');
  });

  it('a page unpublished on one instance is no longer read by a reader on the other', async () => {
    const { space, page, ownerHeaders } = await publishedPage();
    const reader = await buildUser(first.db);
    await addMember(first.db, space.id, reader.id, 'reader');
    const readerHeaders = await authHeader(first.db, reader.id);
    await warm(blocksUrl(page.id), readerHeaders);
    const unpublished = await first.call(
      'DELETE',
      `/api/v2/space/page/${page.id}/publish`,
      ownerHeaders,
    );
    expect(unpublished.status).toBe(200);
    expect((await second.call('GET', blocksUrl(page.id), readerHeaders)).status).toBe(404);
  });

  it('a page deleted on one instance is gone on the other, details and blocks', async () => {
    const { page, ownerHeaders } = await publishedPage();
    await warm(blocksUrl(page.id), ownerHeaders);
    await warm(`/api/v2/space/page/${page.id}`, ownerHeaders);
    const deleted = await first.call('DELETE', `/api/v2/space/page/${page.id}`, ownerHeaders);
    expect(deleted.status).toBe(200);
    expect((await second.call('GET', blocksUrl(page.id), ownerHeaders)).status).toBe(404);
    expect((await second.call('GET', `/api/v2/space/page/${page.id}`, ownerHeaders)).status).toBe(
      404,
    );
  });

  it('a space closed to visitors is closed to them on the other instance at once', async () => {
    const { space, page, ownerHeaders } = await publishedPage();
    const opened = await first.call('PUT', `/api/v2/space/${space.id}`, ownerHeaders, {
      openToVisitors: true,
    });
    expect(opened.status).toBe(200);
    await warm(blocksUrl(page.id));
    await warm(`/api/v2/space/${space.id}/tree`);
    const closed = await first.call('PUT', `/api/v2/space/${space.id}`, ownerHeaders, {
      openToVisitors: false,
    });
    expect(closed.status).toBe(200);
    expect((await second.call('GET', blocksUrl(page.id))).status).toBe(404);
    expect((await second.call('GET', `/api/v2/space/${space.id}/tree`)).status).toBe(404);
  });

  it("a group's role lowered to reader no longer shows its members the draft", async () => {
    const { space, page, ownerHeaders } = await publishedPage('已发布');
    const editor = await buildUser(first.db);
    await addMember(first.db, space.id, editor.id, 'editor');
    const editorHeaders = await authHeader(first.db, editor.id);
    await save(ownerHeaders, page.id, 1, '草稿');
    await warm(blocksUrl(page.id), editorHeaders);
    expect(firstText((await second.call('GET', blocksUrl(page.id), editorHeaders)).body)).toBe(
      '草稿',
    );
    const [group] = await first.db
      .select()
      .from(spaceMemberGroups)
      .where(and(eq(spaceMemberGroups.spaceId, space.id), eq(spaceMemberGroups.role, 'editor')));
    const lowered = await first.call(
      'PUT',
      `/api/v2/space/memberGroup/${group!.id}`,
      ownerHeaders,
      { role: 'reader' },
    );
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    const read = await second.call('GET', blocksUrl(page.id), editorHeaders);
    expect(read.body.data.revision).toBeNull();
    expect(firstText(read.body)).toBe('已发布');
  });

  it('someone who leaves a team holding a group no longer reads the space elsewhere', async () => {
    const { owner, space, page, ownerHeaders } = await publishedPage();
    const team = await first.call('POST', '/api/v1/team', ownerHeaders, { name: '读者组' });
    expect(team.body.code, JSON.stringify(team.body)).toBe(0);
    const teamId = team.body.data.teamId as string;
    const groups = await first.call('GET', `/api/v2/space/${space.id}/memberGroup`, ownerHeaders);
    const readers = (groups.body.data.list as Array<{ memberGroupId: string; role: string }>).find(
      (group) => group.role === 'reader',
    );
    const added = await first.call(
      'POST',
      `/api/v2/space/memberGroup/${readers!.memberGroupId}/member`,
      ownerHeaders,
      { memberType: 'team', teamId },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const member = await buildUser(first.db);
    const memberHeaders = await authHeader(first.db, member.id);
    // as the team's routes would: the change, then the answer once every instance has heard it
    let since = first.app.access.epoch();
    await first.db.insert(teamMembers).values({ teamId, userId: member.id, role: 'member' });
    await first.app.access.settled(since);
    await warm(blocksUrl(page.id), memberHeaders);
    since = first.app.access.epoch();
    await first.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, member.id)));
    await first.app.access.settled(since);
    expect((await second.call('GET', blocksUrl(page.id), memberHeaders)).status).toBe(404);
    expect(owner.id).not.toBe(member.id);
  });

  it('a page renamed on one instance is named anew in the tree the other serves', async () => {
    const { space, page, ownerHeaders } = await publishedPage();
    await warm(`/api/v2/space/${space.id}/tree`, ownerHeaders);
    const renamed = await first.call('PUT', `/api/v2/space/page/${page.id}`, ownerHeaders, {
      name: '新标题',
    });
    expect(renamed.status).toBe(200);
    const tree = await second.call('GET', `/api/v2/space/${space.id}/tree`, ownerHeaders);
    expect(JSON.stringify(tree.body.data)).toContain('新标题');
  });

  it('a deleted space is gone on the other instance at once', async () => {
    const password = 'secret-pass-1';
    const owner = await buildUser(first.db, { password });
    const space = await buildSpace(first.db, owner.id);
    const ownerHeaders = await authHeader(first.db, owner.id);
    await warm(`/api/v2/space/${space.id}/tree`, ownerHeaders);
    const deleted = await first.call('DELETE', `/api/v2/space/${space.id}`, ownerHeaders, {
      auth: { type: 'password', args: { password } },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await second.call('GET', `/api/v2/space/${space.id}/tree`, ownerHeaders)).status).toBe(
      404,
    );
  });
});
