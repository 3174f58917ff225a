// Visitors: anyone who is not a member of a space open to visitors, logged in or not. They read
// the space, its tree, published pages and their comments; they never see drafts, never write,
// and a space that is not open looks missing to them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@library/contract';
import { spaces } from '../../db/schema/index.js';
import {
  authHeader,
  buildSpaceWithRoles,
  buildUser,
  paragraphBlock,
} from '../../../test/factories.js';
import { multipartBody } from '../../../test/documents.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());

const call: TestApp['call'] = (...args) => t.call(...args);
type Headers = Record<string, string>;

async function page(spaceId: string, headers: Headers, name: string, text: string) {
  const created = await call('POST', `/api/v2/space/${spaceId}/page`, headers, { name });
  const pageId = created.body.data.pageId as string;
  const saved = await call('PUT', `/api/v2/space/page/${pageId}/block`, headers, {
    baseRevision: 0,
    changes: [
      { op: 'upsert', blockId: 'b1', afterBlockId: null, data: paragraphBlock('b1', text) },
    ],
  });
  expect(saved.status).toBe(200);
  return pageId;
}

/** An open space with a published page (commented by its reader) and a draft page. */
async function openWorld() {
  const world = await buildSpaceWithRoles(t.db);
  const { space, as } = world;
  const published = await page(space.id, as.owner, '公开的页面', '发布后的内容');
  expect(
    (await call('POST', `/api/v2/space/page/${published}/version`, as.owner, { name: 'v1' }))
      .status,
  ).toBe(200);
  // a later draft edit stays with the editors
  await call('PUT', `/api/v2/space/page/${published}/block`, as.owner, {
    baseRevision: 1,
    changes: [
      { op: 'upsert', blockId: 'b1', afterBlockId: null, data: paragraphBlock('b1', '草稿改动') },
    ],
  });
  const draft = await page(space.id, as.owner, '草稿页面', '尚未发布');
  const comment = await call('POST', `/api/v2/space/page/${published}/comment`, as.reader, {
    content: '读者的评论',
  });
  expect(comment.status).toBe(200);
  const opened = await call('PUT', `/api/v2/space/${space.id}`, as.owner, { openToVisitors: true });
  expect(opened.body.data.openToVisitors).toBe(true);
  return { ...world, published, draft, commentId: comment.body.data.commentId as string };
}

const textOf = (res: { body: { data: { blocks: unknown[] } } }) =>
  JSON.stringify(res.body.data.blocks);

describe('visitors of an open space', () => {
  it.each([
    ['anonymous', false],
    ['logged in, not a member', true],
  ])('%s: reads the space, its tree and the published version only', async (_label, loggedIn) => {
    const { space, as, published, draft } = await openWorld();
    const visitor: Headers = loggedIn ? as.outsider : {};

    const detail = await call('GET', `/api/v2/space/${space.id}`, visitor);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      role: 'visitor',
      abilities: {
        canRead: true,
        canEdit: false,
        canManage: false,
        canDelete: false,
        canShare: false,
      },
    });
    const tree = await call('GET', `/api/v2/space/${space.id}/tree`, visitor);
    expect(tree.status).toBe(200);
    const listView = await call('GET', `/api/v3/space/${space.id}/topic/listView`, visitor);
    expect(listView.status).toBe(200);

    const pageDetail = await call('GET', `/api/v2/space/page/${published}`, visitor);
    expect(pageDetail.status).toBe(200);
    expect(pageDetail.body.data.abilities).toMatchObject({
      canEdit: false,
      canPublish: false,
      canComment: false,
    });
    const blocks = await call('GET', `/api/v2/space/page/${published}/block?version=0`, visitor);
    expect(blocks.status).toBe(200);
    expect(blocks.body.data.version).toBe(1);
    expect(textOf(blocks)).toContain('发布后的内容');
    expect(textOf(blocks)).not.toContain('草稿改动');
    const versions = await call('GET', `/api/v2/space/page/${published}/version`, visitor);
    expect(versions.body.data.list).toHaveLength(1);
    // an unpublished page does not exist for a visitor: no title, authors, versions or comments
    for (const url of [
      `/api/v2/space/page/${draft}`,
      `/api/v2/space/page/${draft}/block?version=0`,
      `/api/v2/space/page/${draft}/version`,
      `/api/v2/space/page/${draft}/comment?page=0&pageSize=10000`,
    ]) {
      const res = await call('GET', url, visitor);
      expect([res.status, res.body.code]).toEqual([404, ErrorCode.dataMissing]);
    }
    // a member reader still reaches it by its link, and sees that it is not published
    expect((await call('GET', `/api/v2/space/page/${draft}`, as.reader)).status).toBe(200);
    expect(
      (await call('GET', `/api/v2/space/page/${draft}/block?version=0`, as.reader)).status,
    ).toBe(404);

    const comments = await call(
      'GET',
      `/api/v2/space/page/${published}/comment?page=0&pageSize=10000`,
      visitor,
    );
    expect(comments.status).toBe(200);
    expect(comments.body.data.list[0]).toMatchObject({
      content: '读者的评论',
      abilities: { canEdit: false, canDelete: false },
    });
  });

  it('writes nothing: no comments, no edits, no members, no placing the space in own groups', async () => {
    const { space, as, published, commentId } = await openWorld();
    const anonymous = await call(
      'POST',
      `/api/v2/space/page/${published}/comment`,
      {},
      {
        content: '匿名评论',
      },
    );
    expect(anonymous.status).toBe(401);
    const comment = await call('POST', `/api/v2/space/page/${published}/comment`, as.outsider, {
      content: '访客评论',
    });
    expect(comment.status).toBe(403);
    expect(comment.body.code).toBe(ErrorCode.permissionDenied);
    expect(
      (await call('PUT', `/api/v2/space/comment/${commentId}`, as.outsider, { content: '改' }))
        .status,
    ).toBe(403);
    expect((await call('DELETE', `/api/v2/space/comment/${commentId}`, as.outsider)).status).toBe(
      403,
    );
    const save = await call('PUT', `/api/v2/space/page/${published}/block`, as.outsider, {
      baseRevision: 2,
      changes: [{ op: 'delete', blockId: 'b1' }],
    });
    expect(save.status).toBe(404);
    expect(
      (await call('POST', `/api/v2/space/${space.id}/page`, as.outsider, { name: '新页面' }))
        .status,
    ).toBe(404);
    expect((await call('GET', `/api/v2/space/${space.id}/memberGroup`, as.outsider)).status).toBe(
      404,
    );
    expect(
      (await call('PUT', `/api/v2/space/${space.id}`, as.outsider, { name: '改名' })).status,
    ).toBe(404);
    // members keep their own abilities: the reader still comments
    const reader = await call('POST', `/api/v2/space/page/${published}/comment`, as.reader, {
      content: '读者再评论',
    });
    expect(reader.status).toBe(200);
  });

  it('sees nothing of a space that is not open, or no longer open', async () => {
    const { space, as, published } = await openWorld();
    await call('PUT', `/api/v2/space/${space.id}`, as.owner, { openToVisitors: false });
    for (const visitor of [{}, as.outsider]) {
      const detail = await call('GET', `/api/v2/space/${space.id}`, visitor);
      expect(detail.status).toBe(404);
      expect(detail.body.code).toBe(ErrorCode.dataMissing);
      expect((await call('GET', `/api/v2/space/${space.id}/tree`, visitor)).status).toBe(404);
      expect((await call('GET', `/api/v2/space/page/${published}`, visitor)).status).toBe(404);
      expect(
        (await call('GET', `/api/v2/space/page/${published}/block?version=0`, visitor)).status,
      ).toBe(404);
    }
    // routes that are not open to visitors still ask anonymous callers to log in
    expect((await call('GET', '/api/v3/space/group', {})).status).toBe(401);
  });
});

describe('files of an open space for visitors', () => {
  async function upload(headers: Headers, spaceId: string, pageId: string, text: string) {
    const body = multipartBody(`${text}.txt`, Buffer.from(text));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v3/space/${spaceId}/file?pageId=${pageId}`,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.fileId as string;
  }

  it("previews and downloads a published page's files, never a draft's, until the space closes", async () => {
    const { space, as, published, draft } = await openWorld();
    const shown = await upload(as.owner, space.id, published, 'published-file');
    const hidden = await upload(as.owner, space.id, draft, 'draft-file');
    for (const visitor of [{}, as.outsider]) {
      const signed = await call('GET', `/api/v3/space/file/${shown}/previewUrl`, visitor);
      expect(signed.status).toBe(200);
      const bytes = await t.app.inject({ method: 'GET', url: signed.body.data.url });
      expect([bytes.statusCode, bytes.body]).toEqual([200, 'published-file']);
      const download = await t.app.inject({
        method: 'GET',
        url: `/api/v3/space/file/${shown}/download`,
        headers: visitor,
      });
      expect([download.statusCode, download.body]).toEqual([200, 'published-file']);
      for (const url of [
        `/api/v3/space/file/${hidden}/previewUrl`,
        `/api/v3/space/file/${hidden}/download`,
      ]) {
        expect((await call('GET', url, visitor)).status).toBe(404);
      }
    }
    const anonymousUrl = (await call('GET', `/api/v3/space/file/${shown}/previewUrl`, {})).body.data
      .url as string;
    await call('PUT', `/api/v2/space/${space.id}`, as.owner, { openToVisitors: false });
    expect((await t.app.inject({ method: 'GET', url: anonymousUrl })).statusCode).toBe(404);
    expect((await call('GET', `/api/v3/space/file/${shown}/previewUrl`, {})).status).toBe(404);
  });
});

describe('GET /api/v3/space/openSpace', () => {
  it('lists the open spaces, latest changed first, a page at a time, to anyone', async () => {
    const owner = await buildUser(t.db);
    const headers = await authHeader(t.db, owner.id);
    const made: string[] = [];
    for (const name of ['开放一', '开放二', '开放三', '不开放']) {
      const created = await call('POST', '/api/v2/space', headers, { name });
      const spaceId = created.body.data.spaceId as string;
      if (name !== '不开放') {
        await call('PUT', `/api/v2/space/${spaceId}`, headers, { openToVisitors: true });
        made.push(spaceId);
      }
    }
    const all = await call('GET', '/api/v3/space/openSpace?page=0&pageSize=100', {});
    expect(all.status).toBe(200);
    const ids = all.body.data.list.map((space: { spaceId: string }) => space.spaceId);
    expect(ids.filter((id: string) => made.includes(id))).toEqual([...made].reverse());
    expect(all.body.data.list.map((space: { name: string }) => space.name)).not.toContain('不开放');
    expect(all.body.data.total).toBe(ids.length);

    const first = await call('GET', '/api/v3/space/openSpace?page=0&pageSize=1', headers);
    const second = await call('GET', '/api/v3/space/openSpace?page=1&pageSize=1', headers);
    expect(first.body.data.list).toHaveLength(1);
    expect(second.body.data.list[0].spaceId).not.toBe(first.body.data.list[0].spaceId);
    expect(first.body.data.total).toBe(all.body.data.total);

    // a deleted space leaves the list
    const deleted = made[2]!;
    await t.db.update(spaces).set({ deletedAt: new Date() }).where(eq(spaces.id, deleted));
    const after = await call('GET', '/api/v3/space/openSpace?page=0&pageSize=100', {});
    expect(after.body.data.list.map((space: { spaceId: string }) => space.spaceId)).not.toContain(
      deleted,
    );

    const bad = await call('GET', '/api/v3/space/openSpace?page=-1&pageSize=1000', {});
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(ErrorCode.paramError);
  });
});
