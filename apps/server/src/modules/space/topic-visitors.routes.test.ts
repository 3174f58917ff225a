// A topic closed to visitors: in a space open to visitors, the topic and its whole
// subtree are hidden from visitors (anonymous or logged in, not members) in every read path —
// tree, list view, topic, page, blocks, versions, comments, files, AI passages and the MCP view
// — while members keep reading them. Only space admins switch it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@library/contract';
import { buildSpaceWithRoles, paragraphBlock } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { indexPage } from '../ai/index.service.js';
import { retrieve } from '../ai/retrieval.js';
import { multipartBody } from '../../../test/documents.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());

const call: TestApp['call'] = (...args) => t.call(...args);
type Headers = Record<string, string>;

async function publishedPage(
  spaceId: string,
  headers: Headers,
  name: string,
  text: string,
  parentId?: string,
) {
  const created = await call('POST', `/api/v2/space/${spaceId}/page`, headers, {
    name,
    ...(parentId ? { parentId } : {}),
  });
  const pageId = created.body.data.pageId as string;
  const saved = await call('PUT', `/api/v2/space/page/${pageId}/block`, headers, {
    baseRevision: 0,
    changes: [
      { op: 'upsert', blockId: 'b1', afterBlockId: null, data: paragraphBlock('b1', text) },
    ],
  });
  expect(saved.status).toBe(200);
  const published = await call('POST', `/api/v2/space/page/${pageId}/version`, headers, {
    name: 'v1',
  });
  expect(published.status).toBe(200);
  return pageId;
}

async function topic(spaceId: string, headers: Headers, name: string, parentId?: string) {
  const res = await call('POST', `/api/v2/space/${spaceId}/topic`, headers, {
    name,
    ...(parentId ? { parentId } : {}),
  });
  expect(res.status).toBe(200);
  return res.body.data.topicId as string;
}

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

/**
 * An open space: root page `open`; topic `closed` (closed to visitors by the admin) holding
 * topic `inner` holding the published page `hidden` with a file and a reader's comment.
 */
async function world() {
  const roles = await buildSpaceWithRoles(t.db);
  const { space, as } = roles;
  const open = await publishedPage(space.id, as.owner, '公开页面', '人人可读的段落');
  const closed = await topic(space.id, as.owner, '内部专题');
  const inner = await topic(space.id, as.owner, '内部子专题', closed);
  const hidden = await publishedPage(space.id, as.owner, '内部页面', '只给成员的机密段落', inner);
  const fileId = await upload(as.owner, space.id, hidden, 'inner-file');
  const comment = await call('POST', `/api/v2/space/page/${hidden}/comment`, as.reader, {
    content: '成员的评论',
  });
  expect(comment.status).toBe(200);
  await call('PUT', `/api/v2/space/${space.id}`, as.owner, { openToVisitors: true });
  const switched = await call('PUT', `/api/v2/space/topic/${closed}/visitors`, as.admin, {
    visitorsClosed: true,
  });
  expect(switched.status).toBe(200);
  expect(switched.body.data).toMatchObject({ topicId: closed, visitorsClosed: true });
  return { ...roles, open, closed, inner, hidden, fileId };
}

type World = Awaited<ReturnType<typeof world>>;

/** Every read of the hidden subtree, by URL (all GETs). */
function hiddenReads(w: World) {
  const { space, closed, inner, hidden, fileId } = w;
  return [
    `/api/v2/space/topic/${closed}`,
    `/api/v2/space/topic/${inner}`,
    `/api/v3/space/${space.id}/topic/listView?topicId=${closed}`,
    `/api/v2/space/page/${hidden}`,
    `/api/v2/space/page/${hidden}/block`,
    `/api/v2/space/page/${hidden}/version`,
    `/api/v2/space/page/${hidden}/comment?page=0&pageSize=100`,
    `/api/v3/space/file/${fileId}/previewUrl`,
    `/api/v3/space/file/${fileId}/download`,
    `/api/v1/mcp/page/${hidden}`,
    `/api/v1/mcp/page/${hidden}/blocks`,
    `/api/v1/mcp/page/${hidden}/comment?page=0&pageSize=100`,
    `/api/v1/mcp/file/${fileId}/previewUrl`,
    `/api/v1/mcp/space/${space.id}/topic/listView?topicId=${closed}`,
  ];
}

const treeIds = (body: unknown) => JSON.stringify(body);

/** The HTTP status of a GET (a download answers bytes, not JSON). */
async function status(url: string, headers: Headers) {
  return (await t.app.inject({ method: 'GET', url, headers })).statusCode;
}

describe('a topic closed to visitors', () => {
  it('hides its whole subtree from visitors in every read path, members still read it', async () => {
    const w = await world();
    const { space, as, open, closed, inner, hidden } = w;
    for (const visitor of [{}, as.outsider]) {
      for (const url of [
        `/api/v2/space/${space.id}/tree`,
        `/api/v1/mcp/space/${space.id}/spaceTree`,
      ]) {
        const tree = await call('GET', url, visitor);
        expect(tree.status).toBe(200);
        const text = treeIds(tree.body.data);
        expect(text).toContain(open);
        for (const id of [closed, inner, hidden]) expect(text).not.toContain(id);
      }
      for (const url of [
        `/api/v3/space/${space.id}/topic/listView`,
        `/api/v1/mcp/space/${space.id}/topic/listView`,
      ]) {
        const list = await call('GET', url, visitor);
        expect(list.status).toBe(200);
        expect(list.body.data.list.map((item: { id: string }) => item.id)).toEqual([open]);
      }
      for (const url of hiddenReads(w)) {
        expect([url, await status(url, visitor)]).toEqual([url, 404]);
      }
      // the open page is untouched
      expect((await call('GET', `/api/v1/mcp/page/${open}/blocks`, visitor)).status).toBe(200);
    }
    for (const member of [as.reader, as.editor]) {
      const tree = await call('GET', `/api/v2/space/${space.id}/tree`, member);
      const text = treeIds(tree.body.data);
      for (const id of [closed, inner, hidden]) expect(text).toContain(id);
      expect(tree.body.data).toContainEqual(
        expect.objectContaining({ topicId: closed, visitorsClosed: true }),
      );
      for (const url of hiddenReads(w)) {
        expect([url, await status(url, member)]).toEqual([url, 200]);
      }
    }
  });

  it('keeps its passages out of a visitor’s retrieval, not a reader’s', async () => {
    const { space, as, open, hidden } = await world();
    const enabled = await call('POST', `/api/v1/ai/${space.id}/enable`, as.owner, { enable: true });
    expect(enabled.status).toBe(200);
    await indexPage(t.db, hidden, null);
    await indexPage(t.db, open, null);
    const ask = (audience: 'readers' | 'visitors') =>
      retrieve(t.db, { spaceId: space.id, question: '机密段落', topK: 5, audience });
    expect((await ask('readers')).map((p) => p.pageId)).toContain(hidden);
    expect((await ask('visitors')).map((p) => p.pageId)).not.toContain(hidden);
  });

  it('keeps its titles and text out of a visitor’s search, not a member’s', async () => {
    const { space, as, open, closed, inner, hidden, fileId } = await world();
    await t.jobs.drain();
    const find = async (headers: Headers, keywords: string) => {
      const url = `/api/v3/search?keywords=${encodeURIComponent(keywords)}&spaceId=${space.id}`;
      const res = await call('GET', url, headers);
      expect(res.status).toBe(200);
      return JSON.stringify(res.body.data);
    };
    for (const visitor of [{}, as.outsider]) {
      expect(await find(visitor, '人人可读')).toContain(open);
      for (const keywords of ['内部', '机密段落', 'inner-file']) {
        const found = await find(visitor, keywords);
        for (const id of [closed, inner, hidden, fileId]) expect(found).not.toContain(id);
        expect(found).not.toContain('机密');
      }
    }
    expect(await find(as.reader, '机密段落')).toContain(hidden);
    expect(await find(as.reader, '内部子专题')).toContain(inner);
  });
  it('opens again: visitors read the subtree once the admin reopens the topic', async () => {
    const w = await world();
    const reopened = await call('PUT', `/api/v2/space/topic/${w.closed}/visitors`, w.as.owner, {
      visitorsClosed: false,
    });
    expect(reopened.body.data.visitorsClosed).toBe(false);
    const tree = await call('GET', `/api/v2/space/${w.space.id}/tree`, {});
    expect(treeIds(tree.body.data)).toContain(w.hidden);
    for (const url of hiddenReads(w)) {
      expect([url, await status(url, {})]).toEqual([url, 200]);
    }
  });

  it('is switched by space admins only', async () => {
    const { closed, as } = await world();
    const body = { visitorsClosed: false };
    const url = `/api/v2/space/topic/${closed}/visitors`;
    expect((await call('PUT', url, as.editor, body)).status).toBe(404);
    expect((await call('PUT', url, as.reader, body)).status).toBe(404);
    expect((await call('PUT', url, as.outsider, body)).status).toBe(404);
    expect((await call('PUT', url, {}, body)).status).toBe(401);
    expect((await call('PUT', url, as.admin, { visitorsClosed: 'no' })).status).toBe(400);
  });
});

describe('GET /api/v1/mcp/space/{id}/accessControl/visitor?nodeId=', () => {
  it('answers 900014 for a node under a closed topic, 0 for an open one, 900015 to members', async () => {
    const { space, as, open, closed, inner, hidden } = await world();
    const precheck = (nodeId: string, headers: Headers = {}) =>
      call('GET', `/api/v1/mcp/space/${space.id}/accessControl/visitor?nodeId=${nodeId}`, headers);
    for (const id of [closed, inner, hidden]) {
      const res = await precheck(id);
      expect([res.status, res.body.code]).toEqual([200, ErrorCode.topicForbidsVisitors]);
    }
    expect((await precheck(open)).body.code).toBe(0);
    expect((await precheck(hidden, as.reader)).body.code).toBe(ErrorCode.visitorAlreadyAuthorised);
    // a node of nothing is missing; a malformed id is a bad request
    expect((await precheck(crypto.randomUUID())).status).toBe(404);
    expect((await precheck('nope')).status).toBe(400);
  });
});
