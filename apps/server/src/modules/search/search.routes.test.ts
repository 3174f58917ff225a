// GET /api/v3/search: Chinese as people type it (jieba words, single characters,
// pinyin initials, both scripts, phrases), English stems, every kind of result, and the access
// policy — a reader, a non-member or a visitor never sees a title or a snippet of what they
// cannot open (counted), a page is found within 5 s of its save by the running worker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@library/contract';
import { authHeader, buildSpaceWithRoles, paragraphBlock } from '../../../test/factories.js';
import { multipartBody } from '../../../test/documents.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { parseKeywords } from '../../infra/search/search-terms.js';
import { searchDocuments } from './search.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
interface Result {
  type: string;
  id: string;
  spaceId: string | null;
  title: string;
  snippet: string;
  blockId?: string;
}

async function save(pageId: string, headers: Headers, base: number, blocks: string[]) {
  const saved = await t.call('PUT', `/api/v2/space/page/${pageId}/block`, headers, {
    baseRevision: base,
    changes: blocks.map((text, i) => ({
      op: 'upsert',
      blockId: `b${i + 1}`,
      afterBlockId: i === 0 ? null : `b${i}`,
      data: paragraphBlock(`b${i + 1}`, text),
    })),
  });
  expect(saved.status).toBe(200);
}

async function newPage(spaceId: string, headers: Headers, name: string, blocks: string[]) {
  const created = await t.call('POST', `/api/v2/space/${spaceId}/page`, headers, { name });
  expect(created.status).toBe(200);
  const pageId = created.body.data.pageId as string;
  await save(pageId, headers, 0, blocks);
  return pageId;
}

async function find(headers: Headers, query: Record<string, string | number>) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  ).toString();
  const res = await t.call('GET', `/api/v3/search?${qs}`, headers);
  return res as { status: number; body: { code: number; data: { list: Result[]; total: number } } };
}

async function found(headers: Headers, keywords: string, extra: Record<string, string> = {}) {
  const res = await find(headers, { keywords, ...extra });
  expect(res.status).toBe(200);
  return res.body.data;
}

const secrets = ['秘密计划', '机密草稿', '尚未发布的秘密', '机密附件'];

/** A space with a published page (and a later secret draft), a draft page, a topic, a link,
 *  a file of the draft page, a note; and a second space open to visitors. */
async function world() {
  const w = await buildSpaceWithRoles(t.db);
  const { space, as } = w;
  const rules = await newPage(space.id, as.owner, '公司规章制度', [
    '第一章 总则',
    '员工须遵守考勤规定，按时上下班。',
    '<b>Tom & Jerry</b> are running tests.',
  ]);
  const published = await t.call('POST', `/api/v2/space/page/${rules}/version`, as.owner, {
    name: 'v1',
  });
  expect(published.status).toBe(200);
  await save(rules, as.owner, 1, ['第一章 总则', '员工须遵守考勤规定，按时上下班。机密草稿一段。']);
  const draft = await newPage(space.id, as.editor, '秘密计划', ['尚未发布的秘密内容']);
  const topic = await t.call('POST', `/api/v2/space/${space.id}/topic`, as.owner, {
    name: '產品文檔',
  });
  expect(topic.status).toBe(200);
  const link = await t.call('POST', `/api/v2/space/${space.id}/link`, as.owner, {
    name: 'Running Guide',
    url: 'https://example.com/guide',
  });
  expect(link.status).toBe(200);
  const body = multipartBody('机密附件.txt', Buffer.from('附件里的机密附件文字'));
  const upload = await t.app.inject({
    method: 'POST',
    url: `/api/v3/space/${space.id}/file?pageId=${draft}`,
    headers: { ...as.owner, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(upload.statusCode).toBe(200);
  const note = await t.call('POST', '/api/v1/note', as.reader, {
    title: '会议记录',
    content: [paragraphBlock('n1', '讨论预算')],
  });
  expect(note.status).toBe(200);

  const open = await buildSpaceWithRoles(t.db);
  const openPage = await newPage(open.space.id, open.as.owner, '公开手册', ['欢迎访客阅读']);
  await t.call('POST', `/api/v2/space/page/${openPage}/version`, open.as.owner, { name: 'v1' });
  await newPage(open.space.id, open.as.owner, '公开空间的秘密计划', ['机密草稿']);
  const opened = await t.call('PUT', `/api/v2/space/${open.space.id}`, open.as.owner, {
    openToVisitors: true,
  });
  expect(opened.status).toBe(200);
  await t.jobs.drain();
  return {
    ...w,
    rules,
    draft,
    topicId: topic.body.data.topicId as string,
    linkId: link.body.data.linkId as string,
    fileId: upload.json().data.fileId as string,
    noteId: note.body.data.noteId as string,
    open: { ...open, page: openPage },
  };
}

let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
});

describe('Chinese as people type it', () => {
  it('finds a title by its pinyin initials', async () => {
    const data = await found(w.as.owner, 'gzzd');
    expect(data.list[0]).toMatchObject({ type: 'page', id: w.rules, title: '公司规章制度' });
  });

  it('finds a title by the beginning of its pinyin initials while typing', async () => {
    for (const keywords of ['gz', 'gzz', 'gsg', 'gsgzzd']) {
      const data = await found(w.as.owner, keywords);
      expect(
        data.list.map((r) => r.id),
        keywords,
      ).toContain(w.rules);
    }
    expect((await found(w.as.owner, 'gzx')).list.map((r) => r.id)).not.toContain(w.rules);
  });

  it('finds Simplified text with Traditional keywords and the other way round', async () => {
    const traditional = await found(w.as.owner, '規章制度');
    expect(traditional.list[0]?.id).toBe(w.rules);
    const simplified = await found(w.as.owner, '产品文档');
    expect(simplified.list[0]).toMatchObject({ type: 'topic', id: w.topicId, title: '產品文檔' });
  });

  it('finds a single character and two-character words, with the block and highlights', async () => {
    const single = await found(w.as.owner, '勤');
    expect(single.list.map((r) => r.id)).toContain(w.rules);
    const hit = (await found(w.as.owner, '考勤')).list[0]!;
    expect(hit).toMatchObject({ id: w.rules, blockId: 'b2' });
    expect(hit.snippet).toContain('<em>考勤</em>');
  });

  it('matches an exact phrase in quotes only where it stands so', async () => {
    expect((await found(w.as.owner, '"遵守考勤"')).list.map((r) => r.id)).toContain(w.rules);
    expect((await found(w.as.owner, '"考勤遵守"')).total).toBe(0);
  });

  it('stems and folds English and escapes the snippet', async () => {
    const stems = await found(w.as.owner, 'RUNS');
    expect(stems.list.map((r) => r.type)).toContain('link');
    const tom = await found(w.as.editor, 'jerry');
    const snippet = tom.list.find((r) => r.id === w.rules)?.snippet ?? '';
    expect(snippet).toContain('&lt;b&gt;Tom &amp; <em>Jerry</em>&lt;/b&gt;');
    expect(snippet.replace(/<\/?em>/g, '')).not.toMatch(/[<>]/);
  });

  it('filters by type and space and pages the results', async () => {
    const files = await found(w.as.owner, '附件', { type: 'file' });
    expect(files.list.map((r) => [r.type, r.id])).toEqual([['file', w.fileId]]);
    const elsewhere = await found(w.as.owner, '规章', { spaceId: w.open.space.id });
    expect(elsewhere.total).toBe(0);
    const second = await find(w.as.owner, { keywords: '规章', page: 5, pageSize: 1 });
    expect(second.body.data).toMatchObject({ list: [], page: 5, pageSize: 1 });
    expect(second.body.data.total).toBeGreaterThan(0);
  });

  it('filters by author and by updated date', async () => {
    const byOwner = await found(w.as.owner, '规章 产品文档 running 附件', {
      authorId: String(w.ids.owner),
    });
    expect(byOwner.list.map((r) => r.id).sort()).toEqual(
      [w.rules, w.topicId, w.linkId, w.fileId].sort(),
    );
    const byEditor = await found(w.as.owner, '规章 秘密计划', { authorId: String(w.ids.editor) });
    expect(byEditor.list.map((r) => r.id)).toEqual([w.draft]);
    const notes = await found(w.as.reader, '预算', { authorId: String(w.ids.reader) });
    expect(notes.list.map((r) => r.id)).toEqual([w.noteId]);
    const now = new Date().toISOString();
    expect((await found(w.as.owner, '规章', { updatedAfter: now })).total).toBe(0);
    expect((await found(w.as.owner, '规章', { updatedBefore: now })).total).toBeGreaterThan(0);
    expect(
      (await found(w.as.owner, '规章', { updatedBefore: '2000-01-01T00:00:00+08:00' })).total,
    ).toBe(0);
  });

  it("finds the caller's own quick notes only", async () => {
    expect((await found(w.as.reader, '预算')).list[0]).toMatchObject({
      type: 'note',
      id: w.noteId,
      spaceId: null,
    });
    expect((await found(w.as.owner, '预算')).total).toBe(0);
  });
});

describe('access: nothing leaks', () => {
  async function leaks(headers: Headers, extra: Record<string, string> = {}) {
    let count = 0;
    for (const keywords of [...secrets, '秘密', '机密', 'mmjh']) {
      const data = await found(headers, keywords, extra);
      for (const result of data.list) {
        if (secrets.some((s) => result.title.includes(s) || result.snippet.includes(s))) count++;
        if ([w.draft, w.fileId].includes(result.id)) count++;
      }
      if (data.total !== data.list.length) count++;
    }
    return count;
  }

  it('editors find drafts; readers the published text only', async () => {
    expect((await found(w.as.editor, '秘密计划')).list.map((r) => r.id)).toContain(w.draft);
    expect((await found(w.as.editor, '机密附件')).list.map((r) => r.id)).toContain(w.fileId);
    expect(await leaks(w.as.reader)).toBe(0);
    const reader = await found(w.as.reader, '考勤');
    expect(reader.list[0]?.id).toBe(w.rules);
    expect(reader.list[0]?.snippet).not.toContain('机密');
  });

  it('filters reveal nothing more: not drafts, nor when a draft was saved', async () => {
    const filters: Array<Record<string, string>> = [
      { authorId: String(w.ids.editor) },
      { authorId: String(w.ids.owner) },
      { updatedAfter: '2000-01-01T00:00:00Z' },
      { updatedBefore: '2100-01-01T00:00:00Z', authorId: String(w.ids.owner) },
    ];
    for (const filter of filters) {
      expect(await leaks(w.as.reader, filter)).toBe(0);
      expect(await leaks(w.as.outsider, filter)).toBe(0);
      expect(await leaks({}, { ...filter, spaceId: w.open.space.id })).toBe(0);
    }
    const pageId = await newPage(w.space.id, w.as.owner, '出差报销', ['报销须附发票']);
    await t.call('POST', `/api/v2/space/page/${pageId}/version`, w.as.owner, { name: 'v1' });
    await t.jobs.drain();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const afterPublishing = new Date().toISOString();
    await save(pageId, w.as.owner, 1, ['报销须附发票和行程单']);
    await t.jobs.drain();
    const since = { updatedAfter: afterPublishing };
    expect((await found(w.as.editor, '报销', since)).list.map((r) => r.id)).toEqual([pageId]);
    expect((await found(w.as.reader, '报销', since)).total).toBe(0);
    expect((await found(w.as.reader, '报销')).list.map((r) => r.id)).toEqual([pageId]);
  });

  it('counting stops at the limit with results the reader may open, never hidden ones', async () => {
    // drafts ranked first (the word three times in the title), then published pages
    for (const n of [1, 2, 3])
      await newPage(w.space.id, w.as.owner, `计数草稿计数计数 ${n}`, ['计数']);
    const shown: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      const pageId = await newPage(w.space.id, w.as.owner, `计数页面 ${n}`, ['计数一次']);
      await t.call('POST', `/api/v2/space/page/${pageId}/version`, w.as.owner, { name: 'v1' });
      shown.push(pageId);
    }
    await t.jobs.drain();
    const reader = {
      callerId: w.ids.reader,
      editorSpaces: [],
      readerSpaces: [w.space.id],
      visitorSpaces: [],
      notes: true,
    };
    const { terms, phrases } = parseKeywords('计数');
    const all = await searchDocuments(t.db, reader, terms, phrases, 0, 20);
    expect(all.map((r) => r.objectId).sort()).toEqual([...shown].sort());
    expect(all[0]?.total).toBe(4);
    // counted up to 2: two of the pages the reader may open, none of the better-ranked drafts
    const capped = await searchDocuments(t.db, reader, terms, phrases, 0, 1, 2);
    expect(capped.map((r) => [r.objectId, r.total])).toEqual([[all[0]!.objectId, 2]]);
    // the counting reaches past the limit for a page further on
    const further = await searchDocuments(t.db, reader, terms, phrases, 2, 1, 2);
    expect(further.map((r) => [r.objectId, r.total])).toEqual([[all[2]!.objectId, 3]]);
    const editor = {
      ...reader,
      callerId: w.ids.editor,
      readerSpaces: [],
      editorSpaces: [w.space.id],
    };
    expect((await searchDocuments(t.db, editor, terms, phrases, 0, 20))[0]?.total).toBe(7);
  });

  it('a non-member finds nothing of the space, and a closed space is missing', async () => {
    expect(await leaks(w.as.outsider)).toBe(0);
    expect((await found(w.as.outsider, '考勤')).total).toBe(0);
    const closed = await find(w.as.outsider, { keywords: '考勤', spaceId: w.space.id });
    expect(closed.status).toBe(404);
  });

  it('visitors find published text of an open space only when they name it', async () => {
    const anonymous = {};
    const outsider = w.as.outsider;
    for (const headers of [anonymous, outsider]) {
      expect(await leaks(headers, { spaceId: w.open.space.id })).toBe(0);
      const named = await found(headers, '访客', { spaceId: w.open.space.id });
      expect(named.list.map((r) => r.id)).toEqual([w.open.page]);
      expect((await found(headers, '访客')).total).toBe(0);
    }
  });

  it('a page in the recycle bin is not found', async () => {
    const pageId = await newPage(w.space.id, w.as.owner, '将被删除的页面', ['垃圾桶里的文字']);
    await t.jobs.drain();
    expect((await found(w.as.owner, '垃圾桶')).total).toBe(1);
    const deleted = await t.call('DELETE', `/api/v2/space/page/${pageId}`, w.as.owner);
    expect(deleted.status).toBe(200);
    expect((await found(w.as.owner, '垃圾桶')).total).toBe(0);
  });

  it('refuses bad input with the catalogue code', async () => {
    for (const query of [
      {},
      { keywords: '' },
      { keywords: 'a', type: 'space' },
      { keywords: 'a', spaceId: 'x' },
      { keywords: 'a', authorId: 'x' },
      { keywords: 'a', authorId: '0' },
      { keywords: 'a', updatedAfter: 'yesterday' },
      { keywords: 'a', updatedBefore: '2026-13-01T00:00:00Z' },
    ]) {
      const res = await find(w.as.owner, query as Record<string, string>);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.paramError);
    }
  });
});

describe('freshness', () => {
  it('finds a page within 5 s of its save, by the running worker', async () => {
    const headers = await authHeader(t.db, w.ids.owner);
    t.jobs.start();
    try {
      const started = Date.now();
      await newPage(w.space.id, headers, '新鲜页面', ['刚刚保存的独角兽文字']);
      let total = 0;
      while (total === 0 && Date.now() - started < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        total = (await found(headers, '独角兽')).total;
      }
      expect(total).toBe(1);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await t.jobs.stop();
    }
  });
});
