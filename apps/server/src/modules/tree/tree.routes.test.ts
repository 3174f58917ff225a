import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type SpaceRole, type TreeNode } from '@library/contract';
import { recycleItems, spaceNodes, spaces } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { addMember, authHeader, buildSpace, buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import * as tree from './tree.service.js';

let t: TestApp;
beforeAll(async () => {
  // The permission matrix alone makes a hundred requests from one address.
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const call: TestApp['call'] = (...args) => t.call(...args);

/** A space with its owner, who gets an Authorization header. */
async function ownedSpace() {
  const owner = await buildUser(t.db);
  const space = await buildSpace(t.db, owner.id);
  return { owner, space, headers: await authHeader(t.db, owner.id) };
}

async function nodeRow(id: string) {
  const [row] = await t.db.select().from(spaceNodes).where(eq(spaceNodes.id, id));
  if (!row) throw new Error(`no node ${id}`);
  return row;
}

/** The tree as short strings: `T:name[...]`, `P:name`, `L:name`. */
function outline(nodes: TreeNode[]): string[] {
  return nodes.map((node) =>
    node.type === 'topic'
      ? `T:${node.name}[${outline(node.children).join(',')}]`
      : `${node.type === 'page' ? 'P' : 'L'}:${node.name}`,
  );
}

async function treeOf(spaceId: string, headers: Headers): Promise<TreeNode[]> {
  const { status, body } = await call('GET', `/api/v2/space/${spaceId}/tree`, headers);
  expect(status).toBe(200);
  return body.data;
}

const unknownId = '00000000-0000-4000-8000-000000000000';

// --- permission matrix -----------------------------------------------------------------------

describe('permission matrix', () => {
  const roles = ['owner', 'admin', 'editor', 'reader', 'outsider', 'anonymous'] as const;
  type Caller = (typeof roles)[number];
  let spaceId: string;
  let ownerId: number;
  const headersOf = new Map<Caller, Headers>();

  beforeAll(async () => {
    const owner = await buildUser(t.db);
    ownerId = owner.id;
    spaceId = (await buildSpace(t.db, owner.id)).id;
    headersOf.set('owner', await authHeader(t.db, owner.id));
    for (const role of ['admin', 'editor', 'reader'] as const satisfies SpaceRole[]) {
      const user = await buildUser(t.db);
      await addMember(t.db, spaceId, user.id, role);
      headersOf.set(role, await authHeader(t.db, user.id));
    }
    const outsider = await buildUser(t.db);
    headersOf.set('outsider', await authHeader(t.db, outsider.id));
    headersOf.set('anonymous', {});
  });

  const topic = () => tree.createTopic(t.db, ownerId, spaceId, { name: '主题' });
  const page = () => tree.createPage(t.db, ownerId, spaceId, { name: '页面' });
  const link = () =>
    tree.createLink(t.db, ownerId, spaceId, { name: '链接', url: 'https://example.com' });

  interface Endpoint {
    name: string;
    kind: 'read' | 'write';
    request: () => Promise<{ method: Method; url: string; payload?: unknown }>;
  }
  const endpoints: Endpoint[] = [
    {
      name: 'GET tree',
      kind: 'read',
      request: async () => ({ method: 'GET', url: `/api/v2/space/${spaceId}/tree` }),
    },
    {
      name: 'GET topic',
      kind: 'read',
      request: async () => ({ method: 'GET', url: `/api/v2/space/topic/${(await topic()).id}` }),
    },
    {
      name: 'GET listView',
      kind: 'read',
      request: async () => ({
        method: 'GET',
        url: `/api/v3/space/${spaceId}/topic/listView?orderBy=name&order=asc&topicId=${(await topic()).id}`,
      }),
    },
    {
      name: 'POST topic',
      kind: 'write',
      request: async () => ({
        method: 'POST',
        url: `/api/v2/space/${spaceId}/topic`,
        payload: { name: '新主题' },
      }),
    },
    {
      name: 'POST page',
      kind: 'write',
      request: async () => ({
        method: 'POST',
        url: `/api/v2/space/${spaceId}/page`,
        payload: { name: '新页面', parentId: (await topic()).id },
      }),
    },
    {
      name: 'POST link',
      kind: 'write',
      request: async () => ({
        method: 'POST',
        url: `/api/v2/space/${spaceId}/link`,
        payload: { name: '新链接', url: 'https://example.com/a' },
      }),
    },
    {
      name: 'PUT topic',
      kind: 'write',
      request: async () => ({
        method: 'PUT',
        url: `/api/v2/space/topic/${(await topic()).id}`,
        payload: { name: '改名' },
      }),
    },
    {
      name: 'PUT page',
      kind: 'write',
      request: async () => ({
        method: 'PUT',
        url: `/api/v2/space/page/${(await page()).id}`,
        payload: { name: '改名', avatar: '📘' },
      }),
    },
    {
      name: 'PUT link',
      kind: 'write',
      request: async () => ({
        method: 'PUT',
        url: `/api/v2/space/link/${(await link()).id}`,
        payload: { url: 'https://example.org' },
      }),
    },
    {
      name: 'PUT move',
      kind: 'write',
      request: async () => ({
        method: 'PUT',
        url: `/api/v2/space/node/${(await page()).id}/move`,
        payload: { targetId: (await topic()).id, placement: 'inside' },
      }),
    },
    {
      name: 'DELETE topic',
      kind: 'write',
      request: async () => ({ method: 'DELETE', url: `/api/v2/space/topic/${(await topic()).id}` }),
    },
    {
      name: 'DELETE page',
      kind: 'write',
      request: async () => ({ method: 'DELETE', url: `/api/v2/space/page/${(await page()).id}` }),
    },
    {
      name: 'DELETE link',
      kind: 'write',
      request: async () => ({ method: 'DELETE', url: `/api/v2/space/link/${(await link()).id}` }),
    },
  ];

  const allowed: Record<Endpoint['kind'], readonly Caller[]> = {
    read: ['owner', 'admin', 'editor', 'reader'],
    write: ['owner', 'admin', 'editor'],
  };

  describe.each(roles)('%s', (caller) => {
    it.each(endpoints)('$name', async (endpoint) => {
      const { method, url, payload } = await endpoint.request();
      const { status, body } = await call(method, url, headersOf.get(caller)!, payload);
      if (caller === 'anonymous') {
        // Anonymous callers are visitors: a space not open to them looks missing (see
        // visitor.routes.test.ts for open spaces); writing always needs a login.
        expect([status, body.code]).toEqual(
          endpoint.kind === 'read' ? [404, ErrorCode.dataMissing] : [401, ErrorCode.tokenExpired],
        );
      } else if (allowed[endpoint.kind].includes(caller)) {
        expect([status, body.code]).toEqual([200, 0]);
      } else {
        // Forbidden looks exactly like missing.
        expect([status, body.code]).toEqual([404, ErrorCode.dataMissing]);
      }
    });
  });

  it('leaves the tree untouched when a reader tries to change it', async () => {
    const readerHeaders = headersOf.get('reader')!;
    const target = await topic();
    const before = await nodeRow(target.id);
    await call('PUT', `/api/v2/space/topic/${target.id}`, readerHeaders, { name: '读者改名' });
    await call('DELETE', `/api/v2/space/topic/${target.id}`, readerHeaders);
    await call('PUT', `/api/v2/space/node/${target.id}/move`, readerHeaders, {
      targetId: null,
      placement: 'inside',
    });
    expect(await nodeRow(target.id)).toEqual(before);
  });
});

// --- creating and the tree -------------------------------------------------------------------

describe('creating nodes', () => {
  it('answers each new node in tree shape and places it at the end of its parent', async () => {
    const { space, headers } = await ownedSpace();
    const base = `/api/v2/space/${space.id}`;
    const topic = await call('POST', `${base}/topic`, headers, { name: '  第一章  ' });
    expect(topic.body.data).toEqual({
      type: 'topic',
      topicId: expect.any(String),
      name: '第一章',
      children: [],
    });
    const parentId = topic.body.data.topicId;
    const page = await call('POST', `${base}/page`, headers, {
      name: '页面',
      parentId,
      avatar: '📄',
    });
    expect(page.body.data).toEqual({
      type: 'page',
      pageId: expect.any(String),
      name: '页面',
      avatar: '📄',
    });
    const link = await call('POST', `${base}/link`, headers, {
      name: '官网',
      url: 'https://example.com/路径',
      parentId,
    });
    expect(link.body.data).toEqual({
      type: 'link',
      linkId: expect.any(String),
      name: '官网',
      url: 'https://example.com/路径',
    });
    await call('POST', `${base}/page`, headers, { name: '根页面', parentId: null });
    expect(outline(await treeOf(space.id, headers))).toEqual([
      'T:第一章[P:页面,L:官网]',
      'P:根页面',
    ]);
    expect((await treeOf(space.id, headers))[0]).toEqual({
      type: 'topic',
      topicId: parentId,
      name: '第一章',
      children: [
        { type: 'page', pageId: page.body.data.pageId, name: '页面', avatar: '📄' },
        { type: 'link', linkId: link.body.data.linkId, name: '官网', url: link.body.data.url },
      ],
    });
  });

  it('refuses empty and over-long names with 100002, and takes 255 characters', async () => {
    const { space, headers } = await ownedSpace();
    const base = `/api/v2/space/${space.id}`;
    for (const kind of ['topic', 'page', 'link']) {
      for (const name of ['', '   ', '字'.repeat(256)]) {
        const res = await call('POST', `${base}/${kind}`, headers, {
          name,
          url: 'https://example.com',
        });
        expect([res.status, res.body.code]).toEqual([400, ErrorCode.paramError]);
      }
      const res = await call('POST', `${base}/${kind}`, headers, {
        name: '字'.repeat(255),
        url: 'https://example.com',
      });
      expect(res.status).toBe(200);
    }
    expect(await treeOf(space.id, headers)).toHaveLength(3);
  });

  it('refuses link addresses that are not http(s) or longer than 2048', async () => {
    const { space, headers } = await ownedSpace();
    for (const url of [
      'ftp://example.com/file',
      'javascript:alert(1)',
      'example.com',
      '',
      `https://example.com/${'a'.repeat(2030)}`,
    ]) {
      const res = await call('POST', `/api/v2/space/${space.id}/link`, headers, {
        name: '链接',
        url,
      });
      expect([url.slice(0, 20), res.status, res.body.code]).toEqual([
        url.slice(0, 20),
        400,
        ErrorCode.paramError,
      ]);
    }
    const ok = await call('POST', `/api/v2/space/${space.id}/link`, headers, {
      name: '链接',
      url: ' http://example.com ',
    });
    expect(ok.body.data.url).toBe('http://example.com');
  });

  it('needs the parent to be a live topic of the same space (else 404)', async () => {
    const { owner, space, headers } = await ownedSpace();
    const other = await buildSpace(t.db, owner.id, '另一个空间');
    const foreignTopic = await tree.createTopic(t.db, owner.id, other.id, { name: '别处' });
    const page = await tree.createPage(t.db, owner.id, space.id, { name: '页面' });
    const gone = await tree.createTopic(t.db, owner.id, space.id, { name: '已删' });
    await tree.deleteNode(t.db, owner.id, gone.id, 'topic');
    for (const parentId of [foreignTopic.id, page.id, gone.id, unknownId]) {
      const res = await call('POST', `/api/v2/space/${space.id}/topic`, headers, {
        name: '子主题',
        parentId,
      });
      expect([res.status, res.body.code]).toEqual([404, ErrorCode.dataMissing]);
    }
    expect(await treeOf(space.id, headers)).toHaveLength(1);
  });

  it('answers 404 for an unknown space and 400 for an id that is not a uuid', async () => {
    const { headers } = await ownedSpace();
    const missing = await call('POST', `/api/v2/space/${unknownId}/page`, headers, {
      name: '页面',
    });
    expect([missing.status, missing.body.code]).toEqual([404, ErrorCode.dataMissing]);
    const bad = await call('GET', '/api/v2/space/not-a-uuid/tree', headers);
    expect([bad.status, bad.body.code]).toEqual([400, ErrorCode.paramError]);
  });

  it('createPage (used by quick notes) validates its input like the route', async () => {
    const { owner, space } = await ownedSpace();
    await expect(tree.createPage(t.db, owner.id, space.id, { name: '  ' })).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === ErrorCode.paramError,
    );
    const page = await tree.createPage(t.db, owner.id, space.id, { name: ' 笔记 ' });
    expect({ type: page.type, name: page.name, createdBy: page.createdBy }).toEqual({
      type: 'page',
      name: '笔记',
      createdBy: owner.id,
    });
  });
});

describe('GET /api/v2/space/:id/tree', () => {
  it('leaves out nodes whose parent topic is missing or deleted', async () => {
    const { owner, space, headers } = await ownedSpace();
    await tree.createPage(t.db, owner.id, space.id, { name: '留下' });
    await t.db.insert(spaceNodes).values([
      {
        spaceId: space.id,
        parentId: unknownId,
        type: 'page',
        name: '孤儿',
        position: 'a5',
        createdBy: owner.id,
      },
    ]);
    const deletedTopic = await tree.createTopic(t.db, owner.id, space.id, { name: '删' });
    await t.db
      .update(spaceNodes)
      .set({ deletedAt: new Date(), deletedBy: owner.id })
      .where(eq(spaceNodes.id, deletedTopic.id));
    await t.db.insert(spaceNodes).values({
      spaceId: space.id,
      parentId: deletedTopic.id,
      type: 'link',
      name: '悬空',
      url: 'https://example.com',
      position: 'a0',
      createdBy: owner.id,
    });
    expect(outline(await treeOf(space.id, headers))).toEqual(['P:留下']);
  });

  it('serves a cached tree only while nothing it shows has changed, whoever changed it', async () => {
    const { owner, space, headers } = await ownedSpace();
    const page = await tree.createPage(t.db, owner.id, space.id, { name: '甲' });
    const version = async () =>
      (await t.db.select().from(spaces).where(eq(spaces.id, space.id)))[0]!.treeVersion;
    expect(outline(await treeOf(space.id, headers))).toEqual(['P:甲']);
    const cachedAt = await version();
    // through the API
    await call('PUT', `/api/v2/space/page/${page.id}`, headers, { name: '乙' });
    expect(outline(await treeOf(space.id, headers))).toEqual(['P:乙']);
    // straight in the database (another server instance, a job): the triggers still see it, as
    // soon as this instance has heard of it — a route answers only once it has (access-cache.ts)
    const heard = async (change: () => Promise<unknown>) => {
      const since = t.app.access.epoch();
      await change();
      await t.app.access.settled(since);
    };
    await heard(() =>
      t.db.update(spaceNodes).set({ name: '丙' }).where(eq(spaceNodes.id, page.id)),
    );
    expect(outline(await treeOf(space.id, headers))).toEqual(['P:丙']);
    await heard(() => t.db.delete(spaceNodes).where(eq(spaceNodes.id, page.id)));
    expect(outline(await treeOf(space.id, headers))).toEqual([]);
    expect(await version()).toBeGreaterThan(cachedAt + 2);
    // a change the tree does not show (a page's revision) keeps the version, and the cache
    const other = await tree.createPage(t.db, owner.id, space.id, { name: '丁' });
    const before = await version();
    await t.db
      .update(spaceNodes)
      .set({ revision: 7, updatedAt: new Date() })
      .where(eq(spaceNodes.id, other.id));
    expect(await version()).toBe(before);
    // the cached answer is the same JSON envelope as a fresh one
    const { body } = await call('GET', `/api/v2/space/${space.id}/tree`, headers);
    expect(body).toEqual({
      code: 0,
      data: [{ type: 'page', pageId: other.id, name: '丁', avatar: null }],
      msg: 'success',
    });
  });
});

describe('pages not published', () => {
  it('are listed for editors only: readers and visitors see published pages', async () => {
    const { owner, space, headers } = await ownedSpace();
    const reader = await buildUser(t.db);
    await addMember(t.db, space.id, reader.id, 'reader');
    const readerHeaders = await authHeader(t.db, reader.id);
    const topic = await tree.createTopic(t.db, owner.id, space.id, { name: '手册' });
    const draft = await tree.createPage(t.db, owner.id, space.id, {
      name: '草稿',
      parentId: topic.id,
    });
    const done = await tree.createPage(t.db, owner.id, space.id, {
      name: '定稿',
      parentId: topic.id,
    });
    const publish = (pageId: string) =>
      call('POST', `/api/v2/space/page/${pageId}/version`, headers, { name: 'v1' });
    expect((await publish(done.id)).status).toBe(200);

    expect(outline(await treeOf(space.id, headers))).toEqual(['T:手册[P:草稿,P:定稿]']);
    expect(outline(await treeOf(space.id, readerHeaders))).toEqual(['T:手册[P:定稿]']);
    await call('PUT', `/api/v2/space/${space.id}`, headers, { openToVisitors: true });
    expect(outline(await treeOf(space.id, {}))).toEqual(['T:手册[P:定稿]']);
    const listView = await call(
      'GET',
      `/api/v3/space/${space.id}/topic/listView?orderBy=name&order=asc&topicId=${topic.id}`,
      readerHeaders,
    );
    expect(listView.body.data.list.map((item: { name: string }) => item.name)).toEqual(['定稿']);
    expect(listView.body.data.total).toBe(1);
    const topicFor = async (caller: Headers) =>
      (await call('GET', `/api/v2/space/topic/${topic.id}`, caller)).body.data.childCount;
    expect(await topicFor(headers)).toBe(2);
    expect(await topicFor(readerHeaders)).toBe(1);

    // a newer version of a published page changes nothing the tree shows: the cache stays
    const versionOf = async () =>
      (await t.db.select().from(spaces).where(eq(spaces.id, space.id)))[0]!.treeVersion;
    const before = await versionOf();
    expect(
      (await call('POST', `/api/v2/space/page/${done.id}/version`, headers, { name: 'v2' })).status,
    ).toBe(200);
    expect(await versionOf()).toBe(before);
    // publishing and unpublishing change what readers see, past the cached tree
    expect((await publish(draft.id)).status).toBe(200);
    expect(outline(await treeOf(space.id, readerHeaders))).toEqual(['T:手册[P:草稿,P:定稿]']);
    expect((await call('DELETE', `/api/v2/space/page/${done.id}/publish`, headers)).status).toBe(
      200,
    );
    expect(outline(await treeOf(space.id, readerHeaders))).toEqual(['T:手册[P:草稿]']);
    expect(outline(await treeOf(space.id, headers))).toEqual(['T:手册[P:草稿,P:定稿]']);
  });
});

// --- topic details and editing ---------------------------------------------------------------

describe('GET and PUT /api/v2/space/topic/:id', () => {
  it('gives the details with creator, parent and live child count', async () => {
    const { owner, space, headers } = await ownedSpace();
    const parent = await tree.createTopic(t.db, owner.id, space.id, { name: '上级' });
    const topic = await tree.createTopic(t.db, owner.id, space.id, {
      name: '主题',
      parentId: parent.id,
    });
    await tree.createPage(t.db, owner.id, space.id, { name: 'a', parentId: topic.id });
    const gone = await tree.createPage(t.db, owner.id, space.id, { name: 'b', parentId: topic.id });
    await tree.createTopic(t.db, owner.id, space.id, { name: 'c', parentId: topic.id });
    await tree.deleteNode(t.db, owner.id, gone.id, 'page');
    const { status, body } = await call('GET', `/api/v2/space/topic/${topic.id}`, headers);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      topicId: topic.id,
      spaceId: space.id,
      parentId: parent.id,
      name: '主题',
      createdAt: topic.createdAt.toISOString(),
      updatedAt: topic.updatedAt.toISOString(),
      createdBy: { userId: String(owner.id), nickname: '测试用户' },
      childCount: 2,
      visitorsClosed: false,
      abilities: { canEdit: true, canDelete: true },
    });
  });

  it('tells a reader they may not edit', async () => {
    const { owner, space } = await ownedSpace();
    const reader = await buildUser(t.db);
    await addMember(t.db, space.id, reader.id, 'reader');
    const topic = await tree.createTopic(t.db, owner.id, space.id, { name: '主题' });
    const { body } = await call(
      'GET',
      `/api/v2/space/topic/${topic.id}`,
      await authHeader(t.db, reader.id),
    );
    expect(body.data.abilities).toEqual({ canEdit: false, canDelete: false });
  });

  it('renames, recording who changed it and when', async () => {
    const { owner, space } = await ownedSpace();
    const editor = await buildUser(t.db);
    await addMember(t.db, space.id, editor.id, 'editor');
    const topic = await tree.createTopic(t.db, owner.id, space.id, { name: '旧名' });
    const { status, body } = await call(
      'PUT',
      `/api/v2/space/topic/${topic.id}`,
      await authHeader(t.db, editor.id),
      { name: ' 新名 ' },
    );
    expect(status).toBe(200);
    expect(body.data.name).toBe('新名');
    const row = await nodeRow(topic.id);
    expect(row.updatedBy).toBe(editor.id);
    expect(row.updatedAt.getTime()).toBeGreaterThan(topic.updatedAt.getTime());
    expect(row.position).toBe(topic.position);
  });

  it('refuses empty and 256-character names, and a page id given as a topic', async () => {
    const { owner, space, headers } = await ownedSpace();
    const topic = await tree.createTopic(t.db, owner.id, space.id, { name: '主题' });
    const page = await tree.createPage(t.db, owner.id, space.id, { name: '页面' });
    for (const name of ['', ' ', 'x'.repeat(256)]) {
      const res = await call('PUT', `/api/v2/space/topic/${topic.id}`, headers, { name });
      expect([res.status, res.body.code]).toEqual([400, ErrorCode.paramError]);
    }
    for (const id of [page.id, unknownId]) {
      const get = await call('GET', `/api/v2/space/topic/${id}`, headers);
      const put = await call('PUT', `/api/v2/space/topic/${id}`, headers, { name: '名' });
      expect([get.status, get.body.code, put.status, put.body.code]).toEqual([
        404,
        ErrorCode.dataMissing,
        404,
        ErrorCode.dataMissing,
      ]);
    }
    expect((await nodeRow(topic.id)).name).toBe('主题');
  });
});

describe('PUT /api/v2/space/page/:id and /link/:id', () => {
  it('changes a page name and icon, and clears the icon', async () => {
    const { owner, space, headers } = await ownedSpace();
    const page = await tree.createPage(t.db, owner.id, space.id, { name: '页面', avatar: '📄' });
    const renamed = await call('PUT', `/api/v2/space/page/${page.id}`, headers, { name: '新页' });
    expect(renamed.body.data).toEqual({
      type: 'page',
      pageId: page.id,
      name: '新页',
      avatar: '📄',
    });
    const cleared = await call('PUT', `/api/v2/space/page/${page.id}`, headers, { avatar: null });
    expect(cleared.body.data.avatar).toBeNull();
    const empty = await call('PUT', `/api/v2/space/page/${page.id}`, headers, {});
    expect([empty.status, empty.body.code]).toEqual([400, ErrorCode.paramError]);
    const long = await call('PUT', `/api/v2/space/page/${page.id}`, headers, {
      name: 'x'.repeat(256),
    });
    expect([long.status, long.body.code]).toEqual([400, ErrorCode.paramError]);
  });

  it('changes a link name and address, refusing a bad address', async () => {
    const { owner, space, headers } = await ownedSpace();
    const link = await tree.createLink(t.db, owner.id, space.id, {
      name: '链接',
      url: 'https://example.com',
    });
    const res = await call('PUT', `/api/v2/space/link/${link.id}`, headers, {
      name: '新链接',
      url: 'http://example.org/x?y=1',
    });
    expect(res.body.data).toEqual({
      type: 'link',
      linkId: link.id,
      name: '新链接',
      url: 'http://example.org/x?y=1',
    });
    const bad = await call('PUT', `/api/v2/space/link/${link.id}`, headers, {
      url: 'mailto:a@example.com',
    });
    expect([bad.status, bad.body.code]).toEqual([400, ErrorCode.paramError]);
    const asPage = await call('PUT', `/api/v2/space/page/${link.id}`, headers, { name: '页' });
    expect([asPage.status, asPage.body.code]).toEqual([404, ErrorCode.dataMissing]);
    const unknown = await call('PUT', `/api/v2/space/link/${unknownId}`, headers, { name: '页' });
    expect([unknown.status, unknown.body.code]).toEqual([404, ErrorCode.dataMissing]);
  });
});

// --- moving ----------------------------------------------------------------------------------

describe('PUT /api/v2/space/node/:id/move', () => {
  async function setup() {
    const { owner, space, headers } = await ownedSpace();
    const make = async (type: 'topic' | 'page' | 'link', name: string, parentId?: string) =>
      type === 'topic'
        ? tree.createTopic(t.db, owner.id, space.id, { name, parentId })
        : type === 'page'
          ? tree.createPage(t.db, owner.id, space.id, { name, parentId })
          : tree.createLink(t.db, owner.id, space.id, {
              name,
              url: 'https://example.com',
              parentId,
            });
    const move = (id: string, targetId: string | null, placement: string) =>
      call('PUT', `/api/v2/space/node/${id}/move`, headers, { targetId, placement });
    return { owner, space, headers, make, move };
  }

  it('orders nodes after creates and moves before, after, inside and to the root', async () => {
    const { space, headers, make, move } = await setup();
    const a = await make('topic', 'A');
    const b = await make('page', 'B');
    const c = await make('link', 'C');
    const a1 = await make('topic', 'A1', a.id);
    const a2 = await make('page', 'A2', a.id);
    expect(outline(await treeOf(space.id, headers))).toEqual(['T:A[T:A1[],P:A2]', 'P:B', 'L:C']);

    expect((await move(c.id, a.id, 'before')).status).toBe(200);
    expect(outline(await treeOf(space.id, headers))).toEqual(['L:C', 'T:A[T:A1[],P:A2]', 'P:B']);

    const inside = await move(b.id, a.id, 'inside');
    expect(inside.body.data).toEqual({
      id: b.id,
      parentId: a.id,
      position: expect.any(String),
    });
    expect(outline(await treeOf(space.id, headers))).toEqual(['L:C', 'T:A[T:A1[],P:A2,P:B]']);

    await move(b.id, a1.id, 'after');
    expect(outline(await treeOf(space.id, headers))).toEqual(['L:C', 'T:A[T:A1[],P:B,P:A2]']);

    await move(c.id, a1.id, 'inside');
    await move(a2.id, a1.id, 'before');
    expect(outline(await treeOf(space.id, headers))).toEqual(['T:A[P:A2,T:A1[L:C],P:B]']);

    const toRoot = await move(a1.id, null, 'inside');
    expect(toRoot.body.data.parentId).toBeNull();
    expect(outline(await treeOf(space.id, headers))).toEqual(['T:A[P:A2,P:B]', 'T:A1[L:C]']);

    await move(a1.id, a.id, 'before');
    await move(b.id, a1.id, 'before');
    expect(outline(await treeOf(space.id, headers))).toEqual(['P:B', 'T:A1[L:C]', 'T:A[P:A2]']);

    // Moving to where it already is keeps it there.
    await move(b.id, a1.id, 'before');
    expect(outline(await treeOf(space.id, headers))).toEqual(['P:B', 'T:A1[L:C]', 'T:A[P:A2]']);
  });

  it('changes only the moved row', async () => {
    const { space, make, move } = await setup();
    const topic = await make('topic', 'T');
    const nodes = [topic];
    for (let i = 0; i < 4; i++) nodes.push(await make('page', `P${i}`, topic.id));
    for (let i = 0; i < 3; i++) nodes.push(await make('link', `L${i}`));
    const snapshot = async () =>
      new Map(
        (await t.db.select().from(spaceNodes).where(eq(spaceNodes.spaceId, space.id))).map(
          (row) => [row.id, row],
        ),
      );
    const moves: Array<[string, string | null, string]> = [
      [nodes[2]!.id, nodes[4]!.id, 'after'],
      [nodes[5]!.id, nodes[1]!.id, 'before'],
      [nodes[6]!.id, topic.id, 'inside'],
      [nodes[3]!.id, null, 'inside'],
    ];
    for (const [id, targetId, placement] of moves) {
      const before = await snapshot();
      expect((await move(id, targetId, placement)).status).toBe(200);
      const after = await snapshot();
      const changed = [...after.values()].filter(
        (row) => JSON.stringify(row) !== JSON.stringify(before.get(row.id)),
      );
      expect(changed.map((row) => row.id)).toEqual([id]);
    }
  });

  it('refuses to move a topic into itself or its descendants with 100002', async () => {
    const { space, headers, make, move } = await setup();
    const top = await make('topic', '顶');
    const child = await make('topic', '子', top.id);
    const grandchild = await make('topic', '孙', child.id);
    const page = await make('page', '页', grandchild.id);
    const cases: Array<[string, string, RegExp]> = [
      [top.id, 'inside', /itself/],
      [child.id, 'inside', /descendant/],
      [grandchild.id, 'inside', /descendant/],
      [page.id, 'before', /descendant/],
      [grandchild.id, 'after', /descendant/],
    ];
    for (const [targetId, placement, why] of cases) {
      const res = await move(top.id, targetId, placement);
      expect([res.status, res.body.code]).toEqual([400, ErrorCode.paramError]);
      expect(res.body.msg).toMatch(why);
    }
    expect(outline(await treeOf(space.id, headers))).toEqual(['T:顶[T:子[T:孙[P:页]]]']);
  });

  it('refuses other impossible moves', async () => {
    const { owner, make, move } = await setup();
    const topic = await make('topic', '主题');
    const page = await make('page', '页');
    const link = await make('link', '链');
    const other = await buildSpace(t.db, owner.id, '别的空间');
    const foreign = await tree.createTopic(t.db, owner.id, other.id, { name: '别处' });
    const gone = await make('topic', '已删');
    await tree.deleteNode(t.db, owner.id, gone.id, 'topic');

    const expectations: Array<[string, string | null, string, number, number]> = [
      [page.id, link.id, 'inside', 400, ErrorCode.paramError],
      [page.id, page.id, 'before', 400, ErrorCode.paramError],
      [page.id, null, 'after', 400, ErrorCode.paramError],
      [page.id, topic.id, 'under', 400, ErrorCode.paramError],
      [page.id, foreign.id, 'inside', 404, ErrorCode.dataMissing],
      [page.id, gone.id, 'inside', 404, ErrorCode.dataMissing],
      [page.id, unknownId, 'after', 404, ErrorCode.dataMissing],
      [unknownId, topic.id, 'inside', 404, ErrorCode.dataMissing],
      [gone.id, topic.id, 'inside', 404, ErrorCode.dataMissing],
    ];
    for (const [id, targetId, placement, status, code] of expectations) {
      const res = await move(id, targetId, placement);
      expect([id === page.id, targetId, placement, res.status, res.body.code]).toEqual([
        id === page.id,
        targetId,
        placement,
        status,
        code,
      ]);
    }
    expect((await nodeRow(page.id)).parentId).toBeNull();
  });

  it('moves across topics before a node of another type', async () => {
    const { space, headers, make, move } = await setup();
    const left = await make('topic', '左');
    const right = await make('topic', '右');
    const link = await make('link', '链', right.id);
    const page = await make('page', '页', left.id);
    const res = await move(page.id, link.id, 'before');
    expect(res.body.data.parentId).toBe(right.id);
    expect(outline(await treeOf(space.id, headers))).toEqual(['T:左[]', 'T:右[P:页,L:链]']);
  });
});

// --- deleting --------------------------------------------------------------------------------

describe('DELETE /api/v2/space/{topic,page,link}/:id', () => {
  it('deletes a topic with its live subtree under exactly one recycle item', async () => {
    const { owner, space, headers } = await ownedSpace();
    const topic = await tree.createTopic(t.db, owner.id, space.id, { name: '主题' });
    const page = await tree.createPage(t.db, owner.id, space.id, {
      name: '页',
      parentId: topic.id,
    });
    const sub = await tree.createTopic(t.db, owner.id, space.id, {
      name: '子主题',
      parentId: topic.id,
    });
    const link = await tree.createLink(t.db, owner.id, space.id, {
      name: '链',
      url: 'https://example.com',
      parentId: sub.id,
    });
    const deep = await tree.createPage(t.db, owner.id, space.id, {
      name: '深页',
      parentId: sub.id,
    });
    const earlier = await tree.createPage(t.db, owner.id, space.id, {
      name: '先删',
      parentId: sub.id,
    });
    const stays = await tree.createPage(t.db, owner.id, space.id, { name: '留下' });

    const first = await call('DELETE', `/api/v2/space/page/${earlier.id}`, headers);
    expect(first.body.data.deletedIds).toEqual([earlier.id]);
    const itemsBefore = await t.db
      .select()
      .from(recycleItems)
      .where(eq(recycleItems.spaceId, space.id));

    const res = await call('DELETE', `/api/v2/space/topic/${topic.id}`, headers);
    expect(res.status).toBe(200);
    const subtree = [topic.id, page.id, sub.id, link.id, deep.id];
    expect([...res.body.data.deletedIds].sort()).toEqual([...subtree].sort());

    const itemsAfter = await t.db
      .select()
      .from(recycleItems)
      .where(eq(recycleItems.spaceId, space.id));
    expect(itemsAfter).toHaveLength(itemsBefore.length + 1);
    const item = itemsAfter.find((row) => row.id === res.body.data.recycleItemId)!;
    expect(item).toMatchObject({
      kind: 'topic',
      targetId: topic.id,
      name: '主题',
      deletedBy: owner.id,
    });
    for (const id of subtree) {
      const row = await nodeRow(id);
      expect(row.recycleItemId).toBe(item.id);
      expect(row.deletedBy).toBe(owner.id);
      expect(row.deletedAt?.getTime()).toBe(item.deletedAt.getTime());
    }
    expect((await nodeRow(earlier.id)).recycleItemId).toBe(first.body.data.recycleItemId);
    expect((await nodeRow(stays.id)).deletedAt).toBeNull();

    expect(outline(await treeOf(space.id, headers))).toEqual(['P:留下']);
    for (const [method, url] of [
      ['GET', `/api/v2/space/topic/${sub.id}`],
      ['GET', `/api/v3/space/${space.id}/topic/listView?topicId=${topic.id}`],
      ['PUT', `/api/v2/space/page/${deep.id}`],
      ['DELETE', `/api/v2/space/topic/${topic.id}`],
      ['DELETE', `/api/v2/space/link/${link.id}`],
    ] as const) {
      const again = await call(method, url, headers, method === 'PUT' ? { name: 'x' } : undefined);
      expect([url, again.status, again.body.code]).toEqual([url, 404, ErrorCode.dataMissing]);
    }
    const root = await call('GET', `/api/v3/space/${space.id}/topic/listView`, headers);
    expect(root.body.data.list.map((row: { id: string }) => row.id)).toEqual([stays.id]);
  });

  it('deletes a page or a link alone, and checks the type in the path', async () => {
    const { owner, space, headers } = await ownedSpace();
    const page = await tree.createPage(t.db, owner.id, space.id, { name: '页' });
    const link = await tree.createLink(t.db, owner.id, space.id, {
      name: '链',
      url: 'https://example.com',
    });
    const wrong = await call('DELETE', `/api/v2/space/topic/${page.id}`, headers);
    expect([wrong.status, wrong.body.code]).toEqual([404, ErrorCode.dataMissing]);
    const unknown = await call('DELETE', `/api/v2/space/page/${unknownId}`, headers);
    expect([unknown.status, unknown.body.code]).toEqual([404, ErrorCode.dataMissing]);
    for (const [kind, node] of [
      ['page', page],
      ['link', link],
    ] as const) {
      const res = await call('DELETE', `/api/v2/space/${kind}/${node.id}`, headers);
      expect(res.body.data.deletedIds).toEqual([node.id]);
      const [item] = await t.db
        .select()
        .from(recycleItems)
        .where(eq(recycleItems.id, res.body.data.recycleItemId));
      expect(item).toMatchObject({ kind, targetId: node.id, spaceId: space.id, name: node.name });
    }
    expect(await treeOf(space.id, headers)).toEqual([]);
  });
});

// --- list view -------------------------------------------------------------------------------

describe('GET /api/v3/space/:spaceId/topic/listView', () => {
  async function listed(spaceId: string, headers: Headers, query: string) {
    const res = await call('GET', `/api/v3/space/${spaceId}/topic/listView${query}`, headers);
    expect(res.status).toBe(200);
    return res.body.data as {
      total: number;
      list: Array<{ name: string; [key: string]: unknown }>;
    };
  }

  it('sorts by name (pinyin), creation and last change, both ways', async () => {
    const { owner, space, headers } = await ownedSpace();
    // name, created (minutes), updated (minutes): every key gives a different order.
    const specs: Array<[string, number, number]> = [
      ['车辆', 1, 40],
      ['阿里', 3, 10],
      ['波浪', 2, 30],
      ['第10章', 4, 20],
      ['第2章', 5, 50],
    ];
    const base = Date.UTC(2024, 0, 1);
    for (const [name, created, updated] of specs) {
      const node = await tree.createPage(t.db, owner.id, space.id, { name });
      await t.db
        .update(spaceNodes)
        .set({
          createdAt: new Date(base + created * 60_000),
          updatedAt: new Date(base + updated * 60_000),
        })
        .where(eq(spaceNodes.id, node.id));
    }
    const names = async (query: string) =>
      (await listed(space.id, headers, query)).list.map((item) => item.name);
    const byName = ['阿里', '波浪', '车辆', '第2章', '第10章'];
    const byCreated = ['车辆', '波浪', '阿里', '第10章', '第2章'];
    const byUpdated = ['阿里', '第10章', '波浪', '车辆', '第2章'];
    expect(await names('?orderBy=name&order=asc')).toEqual(byName);
    expect(await names('?orderBy=name&order=desc')).toEqual([...byName].reverse());
    expect(await names('?orderBy=createdAt&order=asc')).toEqual(byCreated);
    expect(await names('?orderBy=createdAt&order=desc')).toEqual([...byCreated].reverse());
    expect(await names('?orderBy=updatedAt&order=asc')).toEqual(byUpdated);
    expect(await names('?orderBy=updatedAt&order=desc')).toEqual([...byUpdated].reverse());
    expect(await names('')).toEqual([...byUpdated].reverse());
  });

  it('lists one level with each item’s fields, under a topic or at the root', async () => {
    const { owner, space, headers } = await ownedSpace();
    const editor = await buildUser(t.db);
    await addMember(t.db, space.id, editor.id, 'editor');
    const topic = await tree.createTopic(t.db, owner.id, space.id, { name: '主题' });
    const page = await tree.createPage(t.db, owner.id, space.id, {
      name: '页',
      parentId: topic.id,
      avatar: '📘',
    });
    const link = await tree.createLink(t.db, owner.id, space.id, {
      name: '链',
      url: 'https://example.com',
      parentId: topic.id,
    });
    await tree.createTopic(t.db, owner.id, space.id, { name: '更深', parentId: topic.id });
    await tree.createPage(t.db, owner.id, space.id, { name: '根页' });
    await tree.editPage(t.db, editor.id, page.id, { name: '改过的页' });

    const inTopic = await listed(space.id, headers, `?orderBy=name&order=asc&topicId=${topic.id}`);
    expect(inTopic.total).toBe(3);
    const pageItem = inTopic.list.find((item) => item.id === page.id);
    expect(pageItem).toEqual({
      type: 'page',
      id: page.id,
      name: '改过的页',
      avatar: '📘',
      createdAt: page.createdAt.toISOString(),
      updatedAt: expect.any(String),
      createdBy: { userId: String(owner.id), nickname: '测试用户' },
      updatedBy: { userId: String(editor.id), nickname: '测试用户' },
    });
    const linkItem = inTopic.list.find((item) => item.id === link.id);
    expect(linkItem).toMatchObject({ type: 'link', url: 'https://example.com' });
    expect(linkItem).not.toHaveProperty('avatar');

    const root = await listed(space.id, headers, '?orderBy=name&order=asc');
    expect(root.list.map((item) => [item.type, item.name])).toEqual([
      ['page', '根页'],
      ['topic', '主题'],
    ]);
  });

  it('refuses unknown sort keys and a topic that is not one of the space', async () => {
    const { owner, space, headers } = await ownedSpace();
    const page = await tree.createPage(t.db, owner.id, space.id, { name: '页' });
    for (const query of ['?orderBy=size', '?order=up', '?topicId=abc']) {
      const res = await call('GET', `/api/v3/space/${space.id}/topic/listView${query}`, headers);
      expect([query, res.status, res.body.code]).toEqual([query, 400, ErrorCode.paramError]);
    }
    for (const id of [page.id, unknownId]) {
      const res = await call(
        'GET',
        `/api/v3/space/${space.id}/topic/listView?topicId=${id}`,
        headers,
      );
      expect([res.status, res.body.code]).toEqual([404, ErrorCode.dataMissing]);
    }
    const unknownSpace = await call('GET', `/api/v3/space/${unknownId}/topic/listView`, headers);
    expect([unknownSpace.status, unknownSpace.body.code]).toEqual([404, ErrorCode.dataMissing]);
  });
});
