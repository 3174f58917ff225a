import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { ErrorCode, type NoteSummary } from '@library/contract';
import { notes, pageBlocks, spaceNodes } from '../../db/schema/index.js';
import { byPosition } from '../../lib/position.js';
import {
  addMember,
  authHeader,
  buildSpace,
  buildUser,
  paragraphBlock,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call: TestApp['call'] = (...args) => t.call(...args);

async function person() {
  const user = await buildUser(t.db);
  return { id: user.id, headers: await authHeader(t.db, user.id) };
}

async function createNote(headers: Record<string, string>, payload: object) {
  const res = await call('POST', '/api/v1/note', headers, payload);
  expect(res.status).toBe(200);
  return res.body.data as { noteId: string; updatedAt: string };
}

async function titles(headers: Record<string, string>, query = '') {
  const res = await call('GET', `/api/v1/note${query}`, headers);
  expect(res.status).toBe(200);
  return (res.body.data.list as NoteSummary[]).map((note) => note.title);
}

describe('quick notes', () => {
  it('creates, reads, autosaves part by part and deletes a note', async () => {
    const me = await person();
    const content = [paragraphBlock('b1', '第一段'), paragraphBlock('b2', '第二段')];
    const created = await call('POST', '/api/v1/note', me.headers, {
      title: ' 读书笔记 ',
      content,
    });
    expect(created.body.data).toMatchObject({ title: '读书笔记', text: '第一段\n第二段', content });

    const id = created.body.data.noteId as string;
    const renamed = await call('PUT', `/api/v1/note/${id}`, me.headers, {
      title: '读书笔记（二）',
    });
    expect(renamed.body.data).toMatchObject({ title: '读书笔记（二）', content });
    expect(Date.parse(renamed.body.data.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(created.body.data.updatedAt),
    );

    const edited = await call('PUT', `/api/v1/note/${id}`, me.headers, {
      content: [paragraphBlock('b1', '只剩一段')],
      text: '客户端给的文本',
    });
    expect(edited.body.data).toMatchObject({ title: '读书笔记（二）', text: '客户端给的文本' });
    const derived = await call('PUT', `/api/v1/note/${id}`, me.headers, {
      content: [paragraphBlock('b1', '服务器提取')],
    });
    expect(derived.body.data.text).toBe('服务器提取');

    const one = await call('GET', `/api/v1/note/${id}`, me.headers);
    expect(one.body.data).toMatchObject({
      noteId: id,
      title: '读书笔记（二）',
      text: '服务器提取',
      content: [paragraphBlock('b1', '服务器提取')],
    });

    expect((await call('DELETE', `/api/v1/note/${id}`, me.headers)).status).toBe(200);
    const gone = await call('GET', `/api/v1/note/${id}`, me.headers);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe(ErrorCode.dataMissing);
    expect((await call('DELETE', `/api/v1/note/${id}`, me.headers)).status).toBe(404);
  });

  it('creates an empty note from an empty body', async () => {
    const me = await person();
    const res = await call('POST', '/api/v1/note', me.headers, {});
    expect(res.body.data).toMatchObject({ title: '', text: '', content: [] });
  });

  it('lists own notes newest updated first, with a 200-character preview', async () => {
    const me = await person();
    const first = await createNote(me.headers, { title: '一', text: '长'.repeat(300) });
    await createNote(me.headers, { title: '二' });
    await t.db
      .update(notes)
      .set({ updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(notes.id, first.noteId));
    const res = await call('GET', '/api/v1/note', me.headers);
    expect(res.body.data).toMatchObject({ total: 2, page: 0, pageSize: 20 });
    expect(res.body.data.list.map((note: NoteSummary) => note.title)).toEqual(['一', '二']);
    expect(res.body.data.list[0].text).toBe('长'.repeat(200));
    expect(res.body.data.list[0].content).toBeUndefined();
    expect((await call('GET', `/api/v1/note/${first.noteId}`, me.headers)).body.data.text).toBe(
      '长'.repeat(300),
    );
    expect(await titles(me.headers, '?page=1&pageSize=1')).toEqual(['二']);
  });

  it('searches titles and text by Chinese substrings, case-insensitively', async () => {
    const me = await person();
    await createNote(me.headers, { title: '周会纪要', text: '讨论了发布计划' });
    await createNote(me.headers, { title: '灵感', text: '知识库的搜索要支持中文' });
    await createNote(me.headers, { title: 'BlockNote 用法', text: '斜杠菜单' });
    await createNote(me.headers, { title: '折扣 50%', text: '' });
    const search = (words: string) => titles(me.headers, `?keywords=${encodeURIComponent(words)}`);
    expect(await search('纪要')).toEqual(['周会纪要']);
    expect(await search('搜索')).toEqual(['灵感']);
    expect(await search('blocknote')).toEqual(['BlockNote 用法']);
    expect(await search('0%')).toEqual(['折扣 50%']);
    expect(await search('  ')).toHaveLength(4);
    expect(await search('不存在的词')).toEqual([]);
  });

  it("answers 404 for someone else's note and never lists it", async () => {
    const owner = await person();
    const other = await person();
    const space = await buildSpace(t.db, other.id);
    const { noteId } = await createNote(owner.headers, { title: '私人笔记' });
    for (const [method, url, payload] of [
      ['GET', `/api/v1/note/${noteId}`, undefined],
      ['PUT', `/api/v1/note/${noteId}`, { title: '改' }],
      ['DELETE', `/api/v1/note/${noteId}`, undefined],
      ['POST', `/api/v1/note/${noteId}/toPage`, { spaceId: space.id }],
    ] as const) {
      const res = await call(method, url, other.headers, payload);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(ErrorCode.dataMissing);
    }
    expect(await titles(other.headers)).toEqual([]);
    expect(await titles(owner.headers)).toEqual(['私人笔记']);
  });

  it('refuses bad input with 100002', async () => {
    const me = await person();
    const { noteId } = await createNote(me.headers, {});
    for (const payload of [
      { title: '题'.repeat(256) },
      { content: [{ id: 'x' }] },
      { content: 'x' },
    ]) {
      const res = await call('PUT', `/api/v1/note/${noteId}`, me.headers, payload);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.paramError);
    }
    expect((await call('GET', '/api/v1/note/not-a-uuid', me.headers)).status).toBe(400);
  });
});

describe('POST /api/v1/note/:id/toPage', () => {
  it("makes a page at the end of the topic whose draft is the note's blocks", async () => {
    const me = await person();
    const owner = await person();
    const space = await buildSpace(t.db, owner.id);
    await addMember(t.db, space.id, me.id, 'editor');
    const [topic] = await t.db
      .insert(spaceNodes)
      .values({
        spaceId: space.id,
        type: 'topic',
        name: '主题',
        position: 'a0',
        createdBy: owner.id,
      })
      .returning();
    await t.db.insert(spaceNodes).values({
      spaceId: space.id,
      parentId: topic!.id,
      type: 'page',
      name: '已有页面',
      position: 'a0',
      createdBy: owner.id,
    });
    const content = [
      paragraphBlock('b1', '第一段'),
      { id: 'h1', type: 'heading', props: { level: 2 }, content: [], children: [] },
      paragraphBlock('b1', '重复的 id'),
      { type: 'paragraph', content: [] },
    ];
    const { noteId } = await createNote(me.headers, { title: '会议笔记', content });

    const res = await call('POST', `/api/v1/note/${noteId}/toPage`, me.headers, {
      spaceId: space.id,
      parentId: topic!.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.spaceId).toBe(space.id);
    const pageId = res.body.data.pageId as string;

    const siblings = await t.db
      .select({ id: spaceNodes.id, name: spaceNodes.name, type: spaceNodes.type })
      .from(spaceNodes)
      .where(and(eq(spaceNodes.parentId, topic!.id), isNull(spaceNodes.deletedAt)))
      .orderBy(byPosition(spaceNodes.position));
    expect(siblings.map((node) => node.name)).toEqual(['已有页面', '会议笔记']);
    expect(siblings[1]).toMatchObject({ id: pageId, type: 'page' });

    const blocks = await t.db
      .select()
      .from(pageBlocks)
      .where(eq(pageBlocks.pageId, pageId))
      .orderBy(byPosition(pageBlocks.position));
    expect(blocks).toHaveLength(4);
    expect(blocks.map((block) => block.data)).toEqual(
      content.map((block, index) => ({ ...block, id: blocks[index]!.blockId })),
    );
    expect(blocks.slice(0, 2).map((block) => block.blockId)).toEqual(['b1', 'h1']);
    expect(new Set(blocks.map((block) => block.blockId)).size).toBe(4);

    // the note stays
    expect((await call('GET', `/api/v1/note/${noteId}`, me.headers)).status).toBe(200);
  });

  it("names an untitled note's page '无标题笔记' and puts it at the space root", async () => {
    const me = await person();
    const space = await buildSpace(t.db, me.id);
    const { noteId } = await createNote(me.headers, { title: '' });
    const res = await call('POST', `/api/v1/note/${noteId}/toPage`, me.headers, {
      spaceId: space.id,
    });
    expect(res.status).toBe(200);
    const [page] = await t.db
      .select()
      .from(spaceNodes)
      .where(eq(spaceNodes.id, res.body.data.pageId));
    expect(page).toMatchObject({ name: '无标题笔记', parentId: null, spaceId: space.id });
    expect(await t.db.select().from(pageBlocks).where(eq(pageBlocks.pageId, page!.id))).toEqual([]);
  });

  it('answers 404 for a space where the caller only reads, and for a parent that is no topic', async () => {
    const me = await person();
    const owner = await person();
    const readOnly = await buildSpace(t.db, owner.id);
    await addMember(t.db, readOnly.id, me.id, 'reader');
    const mine = await buildSpace(t.db, me.id);
    const [page] = await t.db
      .insert(spaceNodes)
      .values({ spaceId: mine.id, type: 'page', name: '页面', position: 'a0', createdBy: me.id })
      .returning();
    const { noteId } = await createNote(me.headers, { title: '笔记' });

    for (const body of [
      { spaceId: readOnly.id },
      { spaceId: mine.id, parentId: page!.id },
      { spaceId: mine.id, parentId: '7d8a4a3e-1c1b-4f53-9a55-0f9d3b8c2f11' },
    ]) {
      const res = await call('POST', `/api/v1/note/${noteId}/toPage`, me.headers, body);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(ErrorCode.dataMissing);
    }
    const made = await t.db
      .select()
      .from(spaceNodes)
      .where(and(eq(spaceNodes.spaceId, readOnly.id), eq(spaceNodes.name, '笔记')));
    expect(made).toEqual([]);
  });
});
