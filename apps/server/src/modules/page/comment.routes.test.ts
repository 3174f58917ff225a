import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type PageComment } from '@library/contract';
import { comments, spaceNodes } from '../../db/schema/index.js';
import { buildPage, buildSpaceWithRoles } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { commentDepthMax } from './comment.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());

type Headers = Record<string, string>;

/** A space with one user per role plus an outsider, and a page in it. */
async function buildWorld() {
  const { owner, space, as, ids } = await buildSpaceWithRoles(t.db);
  const pageId = await insertPage(space.id, owner.id);
  return { as, ids, space, pageId };
}

const insertPage = async (spaceId: string, createdBy: number) =>
  (await buildPage(t.db, spaceId, createdBy)).id;

const call: TestApp['call'] = (...args) => t.call(...args);

async function comment(pageId: string, headers: Headers, content: string, extra: object = {}) {
  const result = await call('POST', `/api/v2/space/page/${pageId}/comment`, headers, {
    content,
    ...extra,
  });
  expect(result.status).toBe(200);
  return result.body.data as PageComment;
}

async function list(pageId: string, headers: Headers, query = '?page=0&pageSize=10000') {
  return call('GET', `/api/v2/space/page/${pageId}/comment${query}`, headers);
}

/** The thread shape: content and replies only. */
type Shape = [string, Shape[]];
const shape = (items: PageComment[]): Shape[] =>
  items.map((item) => [item.deleted ? '(deleted)' : item.content, shape(item.children)]);

describe('comments on a page', () => {
  it('lets every member comment and read; outsiders get 404, anonymous callers 404 to read and 401 to write', async () => {
    const { as, pageId, ids } = await buildWorld();
    for (const role of ['owner', 'admin', 'editor', 'reader'] as const) {
      await comment(pageId, as[role], `来自${role}`);
    }
    const { status, body } = await list(pageId, as.reader);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 4, page: 0, pageSize: 10000 });
    expect(body.data.list.map((item: PageComment) => item.content)).toEqual([
      '来自owner',
      '来自admin',
      '来自editor',
      '来自reader',
    ]);
    const readerComment = body.data.list[3] as PageComment;
    expect(readerComment).toMatchObject({
      parentId: null,
      blockId: null,
      deleted: false,
      creator: { userId: String(ids.reader), nickname: '测试用户', avatar: null },
      abilities: { canEdit: true, canDelete: true },
      children: [],
    });
    // the reader may not edit or delete the owner's comment
    expect(body.data.list[0].abilities).toEqual({ canEdit: false, canDelete: false });
    const admin = await list(pageId, as.admin);
    expect(admin.body.data.list[0].abilities).toEqual({ canEdit: false, canDelete: true });

    for (const method of ['GET', 'POST'] as const) {
      const outsider = await call(
        method,
        `/api/v2/space/page/${pageId}/comment`,
        as.outsider,
        method === 'POST' ? { content: '外人' } : undefined,
      );
      expect([outsider.status, outsider.body.code]).toEqual([404, ErrorCode.dataMissing]);
      const anonymous = await call(
        method,
        `/api/v2/space/page/${pageId}/comment`,
        {},
        method === 'POST' ? { content: '匿名' } : undefined,
      );
      // anonymous callers are visitors, and this space is not open to them
      expect(anonymous.status).toBe(method === 'GET' ? 404 : 401);
    }
  });

  it('nests replies to any depth, oldest first, and keeps the block anchor', async () => {
    const { as, pageId } = await buildWorld();
    const first = await comment(pageId, as.reader, '  第一条  ', { blockId: 'block-1' });
    expect(first.content).toBe('第一条');
    expect(first.blockId).toBe('block-1');
    const second = await comment(pageId, as.editor, '第二条');
    const reply = await comment(pageId, as.editor, '回复一', { parentId: first.commentId });
    const deep = await comment(pageId, as.owner, '回复回复', { parentId: reply.commentId });
    await comment(pageId, as.reader, '更深', { parentId: deep.commentId });
    await comment(pageId, as.admin, '回复二', { parentId: first.commentId });
    await comment(pageId, as.admin, '第二条的回复', { parentId: second.commentId });
    expect(reply.parentId).toBe(first.commentId);

    const { body } = await list(pageId, as.reader);
    expect(body.data.total).toBe(2);
    expect(shape(body.data.list)).toEqual([
      [
        '第一条',
        [
          ['回复一', [['回复回复', [['更深', []]]]]],
          ['回复二', []],
        ],
      ],
      ['第二条', [['第二条的回复', []]]],
    ]);
  });

  it('pages over top-level comments; pageSize 10000 is accepted and 10001 refused', async () => {
    const { as, pageId } = await buildWorld();
    const made: PageComment[] = [];
    for (let index = 0; index < 5; index++)
      made.push(await comment(pageId, as.reader, `第${index}条`));
    await comment(pageId, as.reader, '回复', { parentId: made[2]!.commentId });
    const second = await list(pageId, as.reader, '?page=1&pageSize=2');
    expect(second.body.data).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(shape(second.body.data.list)).toEqual([
      ['第2条', [['回复', []]]],
      ['第3条', []],
    ]);
    const defaults = await list(pageId, as.reader, '');
    expect(defaults.body.data).toMatchObject({ total: 5, page: 0, pageSize: 10000 });
    expect((await list(pageId, as.reader, '?page=0&pageSize=10000')).status).toBe(200);
    for (const query of ['?pageSize=10001', '?pageSize=0', '?page=-1', '?page=x']) {
      const bad = await list(pageId, as.reader, query);
      expect([bad.status, bad.body.code]).toEqual([400, ErrorCode.paramError]);
    }
  });

  it('refuses empty or over-long content and replies to comments elsewhere or gone', async () => {
    const { as, pageId, space, ids } = await buildWorld();
    for (const content of ['', '   ', 'x'.repeat(5001)]) {
      const bad = await call('POST', `/api/v2/space/page/${pageId}/comment`, as.reader, {
        content,
      });
      expect([bad.status, bad.body.code]).toEqual([400, ErrorCode.paramError]);
    }
    expect(
      (
        await call('POST', `/api/v2/space/page/${pageId}/comment`, as.reader, {
          content: 'x'.repeat(5000),
        })
      ).status,
    ).toBe(200);

    const otherPage = await insertPage(space.id, ids.owner!);
    const elsewhere = await comment(otherPage, as.reader, '别处');
    const gone = await comment(pageId, as.reader, '将删除');
    await call('DELETE', `/api/v2/space/comment/${gone.commentId}`, as.reader);
    for (const parentId of [elsewhere.commentId, gone.commentId, crypto.randomUUID()]) {
      const bad = await call('POST', `/api/v2/space/page/${pageId}/comment`, as.reader, {
        content: '回复',
        parentId,
      });
      expect([bad.status, bad.body.code]).toEqual([404, ErrorCode.dataMissing]);
    }
  });
});

describe('mentions in comments', () => {
  it('names the people of the space a comment mentions, and nobody else', async () => {
    const { as, pageId, ids } = await buildWorld();
    const created = await comment(
      pageId,
      as.editor,
      `请 <@${ids.reader}> 和 <@${ids.outsider}> 看看，<@${ids.reader}>`,
    );
    expect(created.mentions.map((person) => person.userId)).toEqual([String(ids.reader)]);
    const [listed] = (await list(pageId, as.reader)).body.data.list as PageComment[];
    expect(listed!.mentions).toEqual([
      expect.objectContaining({ userId: String(ids.reader), nickname: expect.any(String) }),
    ]);
    expect(listed!.content).toContain(`<@${ids.outsider}>`);
  });
});

describe('PUT /api/v2/space/comment/:id', () => {
  it('lets only the author edit; for anyone else the comment does not exist', async () => {
    const { as, pageId } = await buildWorld();
    const mine = await comment(pageId, as.reader, '原文');
    const edited = await call('PUT', `/api/v2/space/comment/${mine.commentId}`, as.reader, {
      content: ' 改过 ',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ commentId: mine.commentId, content: '改过' });
    expect(Date.parse(edited.body.data.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(mine.updatedAt),
    );
    for (const role of ['owner', 'admin', 'editor', 'outsider'] as const) {
      const { status, body } = await call(
        'PUT',
        `/api/v2/space/comment/${mine.commentId}`,
        as[role],
        {
          content: '篡改',
        },
      );
      expect([status, body.code]).toEqual([404, ErrorCode.dataMissing]);
    }
    expect(
      (await call('PUT', `/api/v2/space/comment/${mine.commentId}`, {}, { content: '匿名' }))
        .status,
    ).toBe(401);
    const empty = await call('PUT', `/api/v2/space/comment/${mine.commentId}`, as.reader, {
      content: ' ',
    });
    expect([empty.status, empty.body.code]).toEqual([400, ErrorCode.paramError]);
    const { body } = await list(pageId, as.reader);
    expect(body.data.list[0].content).toBe('改过');
  });

  it('does not edit a deleted comment', async () => {
    const { as, pageId } = await buildWorld();
    const mine = await comment(pageId, as.reader, '原文');
    await call('DELETE', `/api/v2/space/comment/${mine.commentId}`, as.reader);
    const { status } = await call('PUT', `/api/v2/space/comment/${mine.commentId}`, as.reader, {
      content: '复活',
    });
    expect(status).toBe(404);
  });
});

describe('DELETE /api/v2/space/comment/:id', () => {
  it('lets the author and space admins or owners delete; others get 404', async () => {
    const { as, pageId } = await buildWorld();
    const byReader = await comment(pageId, as.reader, '读者的');
    for (const role of ['editor', 'outsider'] as const) {
      const { status, body } = await call(
        'DELETE',
        `/api/v2/space/comment/${byReader.commentId}`,
        as[role],
      );
      expect([status, body.code]).toEqual([404, ErrorCode.dataMissing]);
    }
    expect((await call('DELETE', `/api/v2/space/comment/${byReader.commentId}`)).status).toBe(401);
    const admin = await call('DELETE', `/api/v2/space/comment/${byReader.commentId}`, as.admin);
    expect([admin.status, admin.body.code]).toEqual([200, 0]);
    const again = await call('DELETE', `/api/v2/space/comment/${byReader.commentId}`, as.admin);
    expect(again.status).toBe(404);

    const byEditor = await comment(pageId, as.editor, '编辑的');
    expect(
      (await call('DELETE', `/api/v2/space/comment/${byEditor.commentId}`, as.owner)).status,
    ).toBe(200);
    const own = await comment(pageId, as.reader, '自己的');
    expect((await call('DELETE', `/api/v2/space/comment/${own.commentId}`, as.reader)).status).toBe(
      200,
    );
    expect((await list(pageId, as.reader)).body.data).toMatchObject({ total: 0, list: [] });
    // soft delete: the rows are still there
    const rows = await t.db.select().from(comments).where(eq(comments.pageId, pageId));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.deletedAt !== null)).toBe(true);
  });

  it('keeps a deleted comment with live replies as an empty, deleted entry', async () => {
    const { as, pageId } = await buildWorld();
    const root = await comment(pageId, as.reader, '根');
    const middle = await comment(pageId, as.editor, '中间', { parentId: root.commentId });
    await comment(pageId, as.owner, '叶子', { parentId: middle.commentId });
    const lonely = await comment(pageId, as.reader, '没有回复');
    const leafless = await comment(pageId, as.reader, '回复被删的根');
    const deadReply = await comment(pageId, as.reader, '死回复', { parentId: leafless.commentId });

    for (const id of [
      root.commentId,
      middle.commentId,
      lonely.commentId,
      deadReply.commentId,
      leafless.commentId,
    ]) {
      expect((await call('DELETE', `/api/v2/space/comment/${id}`, as.admin)).status).toBe(200);
    }
    const { body } = await list(pageId, as.reader);
    expect(body.data.total).toBe(1);
    expect(shape(body.data.list)).toEqual([['(deleted)', [['(deleted)', [['叶子', []]]]]]]);
    const kept = body.data.list[0] as PageComment;
    expect(kept).toMatchObject({
      commentId: root.commentId,
      content: '',
      deleted: true,
      abilities: { canEdit: false, canDelete: false },
    });
  });

  it('hides comments of pages the caller can no longer see', async () => {
    const { as, pageId } = await buildWorld();
    const mine = await comment(pageId, as.reader, '评论');
    await t.db.update(spaceNodes).set({ deletedAt: new Date() }).where(eq(spaceNodes.id, pageId));
    expect((await list(pageId, as.reader)).status).toBe(404);
    expect(
      (await call('PUT', `/api/v2/space/comment/${mine.commentId}`, as.reader, { content: '改' }))
        .status,
    ).toBe(404);
    expect((await call('DELETE', `/api/v2/space/comment/${mine.commentId}`, as.owner)).status).toBe(
      404,
    );
  });
});

describe('deep threads', () => {
  it(`nests replies up to ${commentDepthMax} deep and lists the whole chain`, async () => {
    const { as, ids, pageId } = await buildWorld();
    let parentId: string | null = null;
    for (let depth = 1; depth <= commentDepthMax; depth++) {
      const rows: Array<{ id: string }> = await t.db
        .insert(comments)
        .values({ pageId, parentId, content: `第${depth}层`, createdBy: ids.reader! })
        .returning({ id: comments.id });
      parentId = rows[0]!.id;
    }
    const tooDeep = await call('POST', `/api/v2/space/page/${pageId}/comment`, as.reader, {
      content: '太深',
      parentId,
    });
    expect([tooDeep.status, tooDeep.body.code]).toEqual([400, ErrorCode.paramError]);
    const { status, body } = await list(pageId, as.reader);
    expect(status).toBe(200);
    let depth = 0;
    let level: PageComment[] = body.data.list;
    while (level.length > 0) {
      depth++;
      level = level[0]!.children;
    }
    expect(depth).toBe(commentDepthMax);
  });
});
