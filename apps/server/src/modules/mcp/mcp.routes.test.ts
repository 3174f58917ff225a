// The read-only MCP view: anonymous callers read what a visitor of an open space
// reads (published pages only), callers with a token what their role reads, and a space that is
// not open is missing to everyone else; the visitor precheck answers in the body's code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@library/contract';
import { buildSpaceWithRoles, buildStoredFile, paragraphBlock } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (method: string, url: string, headers: Headers = {}, body?: unknown) =>
  t.call(method as 'GET', url, headers, body);

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

/**
 * A space (open to visitors when `open`) with a published page — three comments, a later draft
 * edit, a file — and a draft page with a file of its own.
 */
async function world(open: boolean) {
  const built = await buildSpaceWithRoles(t.db);
  const { space, as, ids } = built;
  const published = await page(space.id, as.owner, '公开的页面', '发布后的内容');
  const version = await call('POST', `/api/v2/space/page/${published}/version`, as.owner, {
    name: 'v1',
  });
  expect(version.status).toBe(200);
  await call('PUT', `/api/v2/space/page/${published}/block`, as.owner, {
    baseRevision: 1,
    changes: [
      { op: 'upsert', blockId: 'b1', afterBlockId: null, data: paragraphBlock('b1', '草稿改动') },
    ],
  });
  for (const content of ['第一条评论', '第二条评论', '第三条评论']) {
    const res = await call('POST', `/api/v2/space/page/${published}/comment`, as.reader, {
      content,
    });
    expect(res.status).toBe(200);
  }
  const draft = await page(space.id, as.owner, '秘密草稿标题', '尚未发布');
  const publishedFile = await buildStoredFile(t.db, {
    spaceId: space.id,
    uploadedBy: ids.owner,
    name: '公开附件.pdf',
    pageId: published,
  });
  const draftFile = await buildStoredFile(t.db, {
    spaceId: space.id,
    uploadedBy: ids.owner,
    name: '草稿附件.pdf',
    pageId: draft,
  });
  if (open) {
    const opened = await call('PUT', `/api/v2/space/${space.id}`, as.owner, {
      openToVisitors: true,
    });
    expect(opened.body.data.openToVisitors).toBe(true);
  }
  return { ...built, published, draft, publishedFile: publishedFile.id, draftFile: draftFile.id };
}

/** Every MCP read of a space and its content, by name. */
function readsOf(w: Awaited<ReturnType<typeof world>>) {
  return {
    space: `/api/v1/mcp/space/${w.space.id}`,
    tree: `/api/v1/mcp/space/${w.space.id}/spaceTree`,
    listView: `/api/v1/mcp/space/${w.space.id}/topic/listView?orderBy=updatedAt&order=desc`,
    page: `/api/v1/mcp/page/${w.published}`,
    blocks: `/api/v1/mcp/page/${w.published}/blocks`,
    comments: `/api/v1/mcp/page/${w.published}/comment?page=0&pageSize=10`,
    file: `/api/v1/mcp/file/${w.publishedFile}/previewUrl`,
    draft: `/api/v1/mcp/page/${w.draft}`,
    draftBlocks: `/api/v1/mcp/page/${w.draft}/blocks`,
    draftComments: `/api/v1/mcp/page/${w.draft}/comment`,
    draftFile: `/api/v1/mcp/file/${w.draftFile}/previewUrl`,
  };
}

async function statuses(urls: Record<string, string>, headers: Headers) {
  const seen: Record<string, number> = {};
  for (const [name, url] of Object.entries(urls))
    seen[name] = (await call('GET', url, headers)).status;
  return seen;
}

describe('the MCP view without a token', () => {
  it('reads an open space as a visitor: published pages only, never a draft', async () => {
    const w = await world(true);
    const urls = readsOf(w);
    expect(await statuses(urls, {})).toEqual({
      space: 200,
      tree: 200,
      listView: 200,
      page: 200,
      blocks: 200,
      comments: 200,
      file: 200,
      draft: 404,
      draftBlocks: 404,
      draftComments: 404,
      draftFile: 404,
    });

    const space = await call('GET', urls.space);
    expect(space.body.data).toMatchObject({ spaceId: w.space.id, role: 'visitor' });
    // the draft is not named anywhere, not even its title
    const tree = await call('GET', urls.tree);
    const listView = await call('GET', urls.listView);
    for (const res of [tree, listView]) {
      expect(JSON.stringify(res.body.data)).toContain('公开的页面');
      expect(JSON.stringify(res.body.data)).not.toContain('秘密草稿标题');
    }
    // the answers are the web API's own
    expect(tree.body.data).toEqual(
      (await call('GET', `/api/v2/space/${w.space.id}/tree`)).body.data,
    );
    expect((await call('GET', urls.page)).body.data).toEqual(
      (await call('GET', `/api/v2/space/page/${w.published}`)).body.data,
    );
    // the published version, not the later draft edit
    const blocks = JSON.stringify((await call('GET', urls.blocks)).body.data);
    expect(blocks).toContain('发布后的内容');
    expect(blocks).not.toContain('草稿改动');
    const file = await call('GET', urls.file);
    expect(file.body.data.filePreviewUrl).toMatch(/^\/preview\//);
    expect(file.body.data).not.toHaveProperty('url');
  });

  it('finds nothing of a space that is not open', async () => {
    const w = await world(false);
    const seen = await statuses(readsOf(w), {});
    expect(new Set(Object.values(seen))).toEqual(new Set([404]));
    const listed = await call('GET', '/api/v1/mcp/space?page=0&pageSize=100');
    expect(listed.status).toBe(200);
    const ids = (listed.body.data.list as Array<{ spaceId: string; role: string }>).map(
      (space) => space.spaceId,
    );
    expect(ids).not.toContain(w.space.id);
    expect(
      (listed.body.data.list as Array<{ role: string }>).every((s) => s.role === 'visitor'),
    ).toBe(true);
  });

  it('lists open spaces as a visitor', async () => {
    const w = await world(true);
    const listed = await call('GET', '/api/v1/mcp/space?pageSize=100');
    expect(listed.body.data.list).toContainEqual(
      expect.objectContaining({ spaceId: w.space.id, name: w.space.name, role: 'visitor' }),
    );
    expect(listed.body.data.total).toBeGreaterThanOrEqual(1);
  });
});

describe('the MCP view with a token', () => {
  it("reads the caller's role: editors their drafts, readers the published pages", async () => {
    const w = await world(false);
    const urls = readsOf(w);
    const all = Object.fromEntries(Object.keys(urls).map((name) => [name, 200]));
    expect(await statuses(urls, w.as.editor)).toEqual(all);
    // a reader knows the draft page (details, comments) but never reads its content
    expect(await statuses(urls, w.as.reader)).toEqual({
      ...all,
      draftBlocks: 404,
      draftFile: 404,
    });
    const editorTree = JSON.stringify((await call('GET', urls.tree, w.as.editor)).body.data);
    expect(editorTree).toContain('秘密草稿标题');
    const readerTree = JSON.stringify((await call('GET', urls.tree, w.as.reader)).body.data);
    expect(readerTree).not.toContain('秘密草稿标题');
    expect((await call('GET', urls.space, w.as.reader)).body.data.role).toBe('reader');
    // the editor reads the draft of the published page
    expect(JSON.stringify((await call('GET', urls.blocks, w.as.editor)).body.data)).toContain(
      '草稿改动',
    );
  });

  it("lists the caller's spaces with their role, and the open ones as a visitor", async () => {
    const mine = await world(false);
    const open = await world(true);
    const listed = await call('GET', '/api/v1/mcp/space?pageSize=100', mine.as.reader);
    const roles = new Map(
      (listed.body.data.list as Array<{ spaceId: string; role: string }>).map((s) => [
        s.spaceId,
        s.role,
      ]),
    );
    expect(roles.get(mine.space.id)).toBe('reader');
    expect(roles.get(open.space.id)).toBe('visitor');
    const outsider = await call('GET', '/api/v1/mcp/space?pageSize=100', mine.as.outsider);
    const outsiderIds = (outsider.body.data.list as Array<{ spaceId: string }>).map(
      (s) => s.spaceId,
    );
    expect(outsiderIds).not.toContain(mine.space.id);
    expect(outsiderIds).toContain(open.space.id);
  });

  it("finds nothing of someone else's closed space", async () => {
    const w = await world(false);
    const seen = await statuses(readsOf(w), w.as.outsider);
    expect(new Set(Object.values(seen))).toEqual(new Set([404]));
  });

  it('a bad token is refused, not taken for a visitor', async () => {
    const w = await world(true);
    const res = await call('GET', readsOf(w).space, { authorization: 'Bearer nonsense' });
    expect(res.status).toBe(401);
  });
});

describe('the MCP view: paging, bad ids', () => {
  it('pages comments', async () => {
    const w = await world(true);
    const url = `/api/v1/mcp/page/${w.published}/comment`;
    const first = await call('GET', `${url}?page=0&pageSize=2`);
    const second = await call('GET', `${url}?page=1&pageSize=2`);
    expect(first.body.data).toMatchObject({ total: 3, page: 0, pageSize: 2 });
    expect(first.body.data.list).toHaveLength(2);
    expect(second.body.data.list).toHaveLength(1);
    expect(first.body.data).toEqual(
      (await call('GET', `/api/v2/space/page/${w.published}/comment?page=0&pageSize=2`)).body.data,
    );
    expect((await call('GET', `${url}?page=0&pageSize=0`)).status).toBe(400);
  });

  it('answers 400 for ids that are not ids, and for unknown orders', async () => {
    for (const url of [
      '/api/v1/mcp/space/x',
      '/api/v1/mcp/space/x/spaceTree',
      '/api/v1/mcp/space/x/topic/listView',
      '/api/v1/mcp/space/x/accessControl/visitor',
      '/api/v1/mcp/page/x',
      '/api/v1/mcp/page/x/blocks',
      '/api/v1/mcp/page/x/comment',
      '/api/v1/mcp/file/x/previewUrl',
      '/api/v1/mcp/space?pageSize=0',
    ]) {
      const res = await call('GET', url);
      expect({ url, status: res.status, code: res.body.code }).toEqual({
        url,
        status: 400,
        code: ErrorCode.paramError,
      });
    }
    const w = await world(true);
    const bad = await call('GET', `/api/v1/mcp/space/${w.space.id}/topic/listView?order=up`);
    expect(bad.status).toBe(400);
  });
});

describe('the visitor precheck', () => {
  const precheck = async (spaceId: string, headers: Headers = {}) => {
    const res = await call('GET', `/api/v1/mcp/space/${spaceId}/accessControl/visitor`, headers);
    return { status: res.status, code: res.body.code as number, msg: res.body.msg as string };
  };

  it('lets visitors into an open space: anonymous or a logged-in outsider', async () => {
    const w = await world(true);
    expect(await precheck(w.space.id)).toMatchObject({ status: 200, code: 0 });
    expect(await precheck(w.space.id, w.as.outsider)).toMatchObject({ status: 200, code: 0 });
  });

  it('answers 900015 to a member, open space or not', async () => {
    for (const open of [true, false]) {
      const w = await world(open);
      for (const member of [w.as.owner, w.as.reader]) {
        expect(await precheck(w.space.id, member)).toMatchObject({
          status: 200,
          code: ErrorCode.visitorAlreadyAuthorised,
        });
      }
    }
  });

  it('answers 900013 for a closed, a deleted or an unknown space alike', async () => {
    const w = await world(false);
    const closed = await precheck(w.space.id);
    expect(closed).toEqual({
      status: 200,
      code: ErrorCode.spaceForbidsVisitors,
      msg: '该空间不允许访客访问',
    });
    expect(await precheck(w.space.id, w.as.outsider)).toEqual(closed);
    expect(await precheck('00000000-0000-4000-8000-000000000000')).toEqual(closed);
    const english = await call('GET', `/api/v1/mcp/space/${w.space.id}/accessControl/visitor`, {
      locale: 'en_US',
    });
    expect(english.body.msg).toBe('This space does not allow visitors');
  });
});

describe('one blocks cache with the page routes', () => {
  it('never answers with blocks cached before a save or a publish, whichever route read them', async () => {
    const w = await world(true);
    const url = (prefix: string) => `${prefix}/page/${w.published}`;
    const read = async (path: string, headers: Headers = {}) =>
      JSON.stringify((await call('GET', path, headers)).body.data);
    const mcpBlocks = `${url('/api/v1/mcp')}/blocks`;
    const pageBlocks = `${url('/api/v2/space')}/block`;

    // the editor's draft, cached by one route, read by the other
    const draft = await call('GET', pageBlocks, w.as.owner);
    expect(JSON.stringify(draft.body.data)).toContain('草稿改动');
    expect(await read(mcpBlocks, w.as.editor)).toContain('草稿改动');
    const saved = await call('PUT', pageBlocks, w.as.owner, {
      baseRevision: draft.body.data.revision,
      changes: [
        { op: 'upsert', blockId: 'b1', afterBlockId: null, data: paragraphBlock('b1', '再次修改') },
      ],
    });
    expect(saved.status).toBe(200);
    expect(await read(mcpBlocks, w.as.editor)).toContain('再次修改');

    // the published version, cached for visitors through MCP, then published anew
    expect(await read(mcpBlocks)).toContain('发布后的内容');
    expect(await read(pageBlocks, w.as.reader)).toContain('发布后的内容');
    const published = await call('POST', `${url('/api/v2/space')}/version`, w.as.owner, {
      name: 'v2',
    });
    expect(published.status).toBe(200);
    expect(await read(mcpBlocks)).toContain('再次修改');
    expect(await read(pageBlocks, w.as.reader)).toContain('再次修改');
  });
});
