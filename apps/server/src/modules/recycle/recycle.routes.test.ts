import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ErrorCode, type RecycleItem } from '@library/contract';
import { queryRows } from '../../db/database.js';
import {
  comments,
  pageBlocks,
  pageVersions,
  recycleItems,
  spaceAi,
  spaceMembers,
  spaceNodes,
  spaces,
  visits,
} from '../../db/schema/index.js';
import { positionBetween } from '../../lib/position.js';
import {
  addMember,
  authHeader,
  buildSpace,
  buildStoredFile,
  buildUser,
  paragraphBlock,
  termDrift,
} from '../../../test/factories.js';
import { spaceIndexRows } from '../../../test/space-index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { indexFile, indexPage } from '../ai/index.service.js';
import { indexPageForSearch } from '../search/search.index.js';
import { purgeExpiredRecycleItems } from './recycle.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dayMs = 24 * 60 * 60 * 1000;

const call: TestApp['call'] = (...args) => t.call(...args);

async function person() {
  const user = await buildUser(t.db);
  return { id: user.id, headers: await authHeader(t.db, user.id) };
}

type NodeType = 'topic' | 'page' | 'link';
type NodeRow = typeof spaceNodes.$inferSelect;

/** A live node at the end of its parent (or at `position`). */
async function node(
  spaceId: string,
  createdBy: number,
  type: NodeType,
  name: string,
  parentId: string | null = null,
  position?: string,
): Promise<NodeRow> {
  const siblings = await t.db
    .select({ position: spaceNodes.position })
    .from(spaceNodes)
    .where(
      and(
        eq(spaceNodes.spaceId, spaceId),
        parentId ? eq(spaceNodes.parentId, parentId) : isNull(spaceNodes.parentId),
      ),
    );
  const last = siblings.map((row) => row.position).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const [row] = await t.db
    .insert(spaceNodes)
    .values({
      spaceId,
      parentId,
      type,
      name,
      url: type === 'link' ? 'https://example.com' : null,
      position: position ?? positionBetween(last.at(-1) ?? null, null),
      createdBy,
    })
    .returning();
  return row!;
}

/** Deletes `root` and the live nodes in `subtree` to the recycle bin, as the tree does. */
async function trash(root: NodeRow, by: number, subtree: NodeRow[] = [], deletedAt = new Date()) {
  const [item] = await t.db
    .insert(recycleItems)
    .values({
      kind: root.type,
      targetId: root.id,
      spaceId: root.spaceId,
      name: root.name,
      deletedBy: by,
      deletedAt,
    })
    .returning();
  await t.db
    .update(spaceNodes)
    .set({ deletedAt, deletedBy: by, recycleItemId: item!.id })
    .where(
      inArray(
        spaceNodes.id,
        [root, ...subtree].map((n) => n.id),
      ),
    );
  return item!;
}

/** Deletes a space to the recycle bin, as `DELETE /v2/space/{id}` does. */
async function trashSpace(spaceId: string, by: number, deletedAt = new Date()) {
  const [space] = await t.db
    .update(spaces)
    .set({ deletedAt, deletedBy: by })
    .where(eq(spaces.id, spaceId))
    .returning();
  const [item] = await t.db
    .insert(recycleItems)
    .values({
      kind: 'space',
      targetId: spaceId,
      spaceId,
      name: space!.name,
      deletedBy: by,
      deletedAt,
    })
    .returning();
  return item!;
}

async function nodeRow(id: string) {
  const [row] = await t.db.select().from(spaceNodes).where(eq(spaceNodes.id, id));
  return row;
}

async function itemExists(id: string) {
  const rows = await t.db.select().from(recycleItems).where(eq(recycleItems.id, id));
  return rows.length > 0;
}

async function listIds(headers: Record<string, string>, query = '') {
  const res = await call('GET', `/api/v1/recycle${query}`, headers);
  expect(res.status).toBe(200);
  return (res.body.data.list as RecycleItem[]).map((item) => item.recycleId);
}

/** A space with an owner, an admin, an editor, a reader and an outsider. */
async function team() {
  const owner = await person();
  const admin = await person();
  const editor = await person();
  const reader = await person();
  const outsider = await person();
  const space = await buildSpace(t.db, owner.id, '研发空间');
  await addMember(t.db, space.id, admin.id, 'admin');
  await addMember(t.db, space.id, editor.id, 'editor');
  await addMember(t.db, space.id, reader.id, 'reader');
  return { owner, admin, editor, reader, outsider, space };
}

describe('GET /api/v1/recycle', () => {
  it('shows the deleter their own items and space admins everything; others nothing', async () => {
    const { owner, admin, editor, reader, outsider, space } = await team();
    const topic = await node(space.id, owner.id, 'topic', '设计文档');
    const inner = await node(space.id, owner.id, 'topic', '接口', topic.id);
    const byEditor = await node(space.id, editor.id, 'page', '编辑删除的页面', inner.id);
    const byAdmin = await node(space.id, admin.id, 'link', '管理员删除的链接');
    const editorItem = await trash(byEditor, editor.id);
    const adminItem = await trash(byAdmin, admin.id, [], new Date(Date.now() + 1000));

    expect(await listIds(editor.headers)).toEqual([editorItem.id]);
    expect(await listIds(admin.headers)).toEqual([adminItem.id, editorItem.id]);
    expect(await listIds(owner.headers)).toEqual([adminItem.id, editorItem.id]);
    expect(await listIds(reader.headers)).toEqual([]);
    expect(await listIds(outsider.headers)).toEqual([]);

    const mine = await call('GET', '/api/v1/recycle', editor.headers);
    expect(mine.body.data).toMatchObject({ total: 1, page: 0, pageSize: 20 });
    const item = mine.body.data.list[0] as RecycleItem;
    expect(item).toMatchObject({
      recycleId: editorItem.id,
      kind: 'page',
      targetId: byEditor.id,
      name: '编辑删除的页面',
      spaceId: space.id,
      spaceName: '研发空间',
      spaceDeleted: false,
      path: ['设计文档', '接口'],
      deletedBy: { userId: String(editor.id), nickname: '测试用户', avatar: null },
      abilities: { canRestore: true, canPurge: false },
    });
    expect(Date.parse(item.expiresAt) - Date.parse(item.deletedAt)).toBe(30 * dayMs);
    expect(Date.parse(item.deletedAt)).toBe(editorItem.deletedAt.getTime());

    const adminView = await call('GET', '/api/v1/recycle', admin.headers);
    for (const entry of adminView.body.data.list as RecycleItem[]) {
      expect(entry.abilities).toEqual({ canRestore: true, canPurge: true });
    }
  });

  it("hides an editor's own deletions once they leave the space, and refuses restore", async () => {
    const { owner, space } = await team();
    const former = await person();
    await addMember(t.db, space.id, former.id, 'reader');
    const page = await node(space.id, owner.id, 'page', '旧页面');
    const item = await trash(page, former.id);
    // a reader who deleted it (while editor) still sees it but cannot restore it
    const seen = await call('GET', '/api/v1/recycle', former.headers);
    expect(seen.body.data.list[0].abilities).toEqual({ canRestore: false, canPurge: false });
    expect((await call('POST', `/api/v1/recycle/${item.id}/restore`, former.headers)).status).toBe(
      404,
    );
    await t.db.delete(spaceMembers).where(eq(spaceMembers.memberId, String(former.id)));
    expect(await listIds(former.headers)).toEqual([]);
  });

  it('shows a deleted space to its owner only, with its nodes marked as waiting for it', async () => {
    const { owner, admin, space } = await team();
    const page = await node(space.id, admin.id, 'page', '空间里的页面');
    const pageItem = await trash(page, admin.id);
    const spaceItem = await trashSpace(space.id, owner.id, new Date(Date.now() + 1000));

    const ownerView = await call('GET', '/api/v1/recycle', owner.headers);
    const list = ownerView.body.data.list as RecycleItem[];
    expect(list.map((item) => item.recycleId)).toEqual([spaceItem.id, pageItem.id]);
    expect(list[0]).toMatchObject({ kind: 'space', name: '研发空间', path: [] });
    expect(list[0]!.abilities).toEqual({ canRestore: true, canPurge: true });
    expect(list[1]).toMatchObject({ spaceDeleted: true });
    expect(list[1]!.abilities).toEqual({ canRestore: false, canPurge: true });

    // an admin of the deleted space sees its node items but not the space itself
    expect(await listIds(admin.headers)).toEqual([pageItem.id]);
  });

  it('searches names (Chinese substrings, wildcards literal) and pages the list', async () => {
    const { owner, space } = await team();
    const names = ['季度报告', '年度报告汇总', '会议记录', '100%_完成'];
    for (const [index, name] of names.entries()) {
      await trash(
        await node(space.id, owner.id, 'page', name),
        owner.id,
        [],
        new Date(Date.now() + index * 1000),
      );
    }
    const found = await call(
      'GET',
      `/api/v1/recycle?keywords=${encodeURIComponent('报告')}`,
      owner.headers,
    );
    expect(found.body.data.list.map((item: RecycleItem) => item.name)).toEqual([
      '年度报告汇总',
      '季度报告',
    ]);
    expect(found.body.data.total).toBe(2);
    const literal = await call(
      'GET',
      `/api/v1/recycle?keywords=${encodeURIComponent('%_')}`,
      owner.headers,
    );
    expect(literal.body.data.list.map((item: RecycleItem) => item.name)).toEqual(['100%_完成']);

    const second = await call('GET', '/api/v1/recycle?page=1&pageSize=3', owner.headers);
    expect(second.body.data).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(second.body.data.list.map((item: RecycleItem) => item.name)).toEqual(['季度报告']);

    const bad = await call('GET', '/api/v1/recycle?pageSize=0', owner.headers);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(ErrorCode.paramError);
  });

  it('needs a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/recycle' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/v1/recycle/:id/restore', () => {
  it('puts a topic back where it was with the subtree deleted with it', async () => {
    const { owner, editor, space } = await team();
    const first = await node(space.id, owner.id, 'page', '第一页');
    const topic = await node(space.id, owner.id, 'topic', '主题');
    const last = await node(space.id, owner.id, 'page', '最后一页');
    const child = await node(space.id, owner.id, 'page', '子页面', topic.id);
    const earlier = await node(space.id, owner.id, 'link', '早先删除的链接', topic.id);
    const earlierItem = await trash(earlier, owner.id);
    const item = await trash(topic, editor.id, [child]);

    const res = await call('POST', `/api/v1/recycle/${item.id}/restore`, editor.headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      recycleId: item.id,
      kind: 'topic',
      targetId: topic.id,
      spaceId: space.id,
      parentId: null,
      movedToRoot: false,
    });
    const restored = await nodeRow(topic.id);
    expect(restored).toMatchObject({
      parentId: null,
      position: topic.position,
      deletedAt: null,
      deletedBy: null,
      recycleItemId: null,
    });
    expect(first.position < restored!.position && restored!.position < last.position).toBe(true);
    expect(await nodeRow(child.id)).toMatchObject({ parentId: topic.id, deletedAt: null });
    // what was deleted on its own stays in the bin
    expect(await nodeRow(earlier.id)).toMatchObject({ recycleItemId: earlierItem.id });
    expect(await itemExists(item.id)).toBe(false);
    expect(await itemExists(earlierItem.id)).toBe(true);
    // gone from the bin
    expect(await listIds(owner.headers)).toEqual([earlierItem.id]);
  });

  it('brings a topic, its link and its page back into search', async () => {
    const { owner, space } = await team();
    const make = async (kind: NodeType, body: Record<string, unknown>) => {
      const res = await call('POST', `/api/v2/space/${space.id}/${kind}`, owner.headers, body);
      expect(res.status).toBe(200);
      return res.body.data as Record<string, string>;
    };
    const topic = await make('topic', { name: '季度复盘' });
    await make('page', { name: '复盘纪要', parentId: topic.topicId });
    await make('link', { name: '复盘看板', url: 'https://example.com/b', parentId: topic.topicId });
    const found = async () => {
      await t.jobs.drain();
      const res = await call(
        'GET',
        `/api/v3/search?keywords=复盘&spaceId=${space.id}`,
        owner.headers,
      );
      expect(res.status).toBe(200);
      return (res.body.data.list as Array<{ type: string; title: string }>)
        .map((result) => `${result.type} ${result.title}`)
        .sort();
    };
    const all = ['link 复盘看板', 'page 复盘纪要', 'topic 季度复盘'];
    expect(await found()).toEqual(all);

    const deleteAndRestore = async (jobsBetween: boolean) => {
      const deleted = await call('DELETE', `/api/v2/space/topic/${topic.topicId}`, owner.headers);
      expect(deleted.status).toBe(200);
      if (jobsBetween) expect(await found()).toEqual([]);
      const itemId = deleted.body.data.recycleItemId as string;
      const restored = await call('POST', `/api/v1/recycle/${itemId}/restore`, owner.headers);
      expect(restored.status).toBe(200);
      expect(await found()).toEqual(all);
    };
    await deleteAndRestore(true);
    // restored before the deletion's index jobs ran: they run after the restore
    await deleteAndRestore(false);
  });

  it('moves a node to the end of the space root when its topic is gone', async () => {
    const { owner, admin, space } = await team();
    const topic = await node(space.id, owner.id, 'topic', '被删的主题');
    const page = await node(space.id, owner.id, 'page', '页面', topic.id);
    const rootLast = await node(space.id, owner.id, 'page', '根目录最后');
    const pageItem = await trash(page, owner.id);
    await trash(topic, owner.id);

    const res = await call('POST', `/api/v1/recycle/${pageItem.id}/restore`, admin.headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ parentId: null, movedToRoot: true });
    const restored = await nodeRow(page.id);
    expect(restored).toMatchObject({ parentId: null, deletedAt: null, recycleItemId: null });
    expect(restored!.position > rootLast.position).toBe(true);

    // a topic purged for good (missing) counts as gone too
    const purgedTopic = await node(space.id, owner.id, 'topic', '已彻底删除');
    const orphan = await node(space.id, owner.id, 'link', '孤儿链接', purgedTopic.id);
    const orphanItem = await trash(orphan, owner.id);
    await t.db.delete(spaceNodes).where(eq(spaceNodes.id, purgedTopic.id));
    const again = await call('POST', `/api/v1/recycle/${orphanItem.id}/restore`, owner.headers);
    expect(again.body.data).toMatchObject({ parentId: null, movedToRoot: true });
    expect((await nodeRow(orphan.id))!.position > restored!.position).toBe(true);
  });

  it('gives a new position when a later sibling took the old one', async () => {
    const { owner, space } = await team();
    const before = await node(space.id, owner.id, 'page', '前');
    const page = await node(space.id, owner.id, 'page', '被删');
    const item = await trash(page, owner.id);
    // created while the page was in the bin: the end among live siblings is the same key
    const taker = await node(space.id, owner.id, 'page', '后来的', null, page.position);
    const after = await node(space.id, owner.id, 'page', '最后');
    await call('POST', `/api/v1/recycle/${item.id}/restore`, owner.headers);
    const restored = await nodeRow(page.id);
    expect(restored!.position).not.toBe(taker.position);
    expect(before.position < taker.position).toBe(true);
    expect(taker.position < restored!.position && restored!.position < after.position).toBe(true);
  });

  it('refuses a node of a deleted space with 400 + 700009 until the space is back', async () => {
    const { owner, admin, space } = await team();
    const page = await node(space.id, owner.id, 'page', '页面');
    const pageItem = await trash(page, admin.id);
    const spaceItem = await trashSpace(space.id, owner.id);

    const refused = await call('POST', `/api/v1/recycle/${pageItem.id}/restore`, admin.headers);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(ErrorCode.operationNotAllowed);
    expect(await itemExists(pageItem.id)).toBe(true);

    // only the owner restores the space
    expect(
      (await call('POST', `/api/v1/recycle/${spaceItem.id}/restore`, admin.headers)).status,
    ).toBe(404);
    const back = await call('POST', `/api/v1/recycle/${spaceItem.id}/restore`, owner.headers);
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ kind: 'space', spaceId: space.id });
    const [row] = await t.db.select().from(spaces).where(eq(spaces.id, space.id));
    expect(row).toMatchObject({ deletedAt: null, deletedBy: null });
    expect(await itemExists(spaceItem.id)).toBe(false);
    // nodes deleted on their own stay in the bin until restored themselves
    expect(await nodeRow(page.id)).toMatchObject({ recycleItemId: pageItem.id });
    expect(
      (await call('POST', `/api/v1/recycle/${pageItem.id}/restore`, admin.headers)).status,
    ).toBe(200);
    expect(await nodeRow(page.id)).toMatchObject({ deletedAt: null });
  });

  it('answers 404 to readers, outsiders, editors restoring others, and unknown ids', async () => {
    const { owner, editor, reader, outsider, space } = await team();
    const page = await node(space.id, owner.id, 'page', '页面');
    const item = await trash(page, owner.id);
    for (const who of [reader, outsider, editor]) {
      const res = await call('POST', `/api/v1/recycle/${item.id}/restore`, who.headers);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(ErrorCode.dataMissing);
    }
    const unknown = await call(
      'POST',
      '/api/v1/recycle/7d8a4a3e-1c1b-4f53-9a55-0f9d3b8c2f11/restore',
      owner.headers,
    );
    expect(unknown.status).toBe(404);
    const badId = await call('POST', '/api/v1/recycle/not-a-uuid/restore', owner.headers);
    expect(badId.status).toBe(400);
    expect(await itemExists(item.id)).toBe(true);
  });
});

/** A page with a block, a version, a comment and a visit. */
async function furnishedPage(spaceId: string, userId: number, name: string, parentId?: string) {
  const page = await node(spaceId, userId, 'page', name, parentId ?? null);
  await t.db.insert(pageBlocks).values({
    pageId: page.id,
    blockId: 'b1',
    position: 'a0',
    data: { id: 'b1', type: 'paragraph' },
  });
  await t.db
    .insert(pageVersions)
    .values({ pageId: page.id, version: 1, name: 'v1', blocks: [], createdBy: userId });
  await t.db.insert(comments).values({ pageId: page.id, content: '评论', createdBy: userId });
  await t.db.insert(visits).values({ userId, targetType: 'page', targetId: page.id, spaceId });
  return page;
}

async function leftovers(pageId: string) {
  const [blocks, versions, notes, seen, nodes] = await Promise.all([
    t.db.select().from(pageBlocks).where(eq(pageBlocks.pageId, pageId)),
    t.db.select().from(pageVersions).where(eq(pageVersions.pageId, pageId)),
    t.db.select().from(comments).where(eq(comments.pageId, pageId)),
    t.db.select().from(visits).where(eq(visits.targetId, pageId)),
    t.db.select().from(spaceNodes).where(eq(spaceNodes.id, pageId)),
  ]);
  return blocks.length + versions.length + notes.length + seen.length + nodes.length;
}

describe('DELETE /api/v1/recycle/:id', () => {
  it('deletes a topic, its subtree and their blocks, versions and comments forever', async () => {
    const { owner, admin, editor, space } = await team();
    const topic = await node(space.id, owner.id, 'topic', '主题');
    const page = await furnishedPage(space.id, owner.id, '页面', topic.id);
    const item = await trash(topic, editor.id, [page]);
    expect(await leftovers(page.id)).toBe(5);

    // the deleter (an editor) may restore but not purge
    expect((await call('DELETE', `/api/v1/recycle/${item.id}`, editor.headers)).status).toBe(404);
    const res = await call('DELETE', `/api/v1/recycle/${item.id}`, admin.headers);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(await leftovers(page.id)).toBe(0);
    expect(await nodeRow(topic.id)).toBeUndefined();
    expect(await itemExists(item.id)).toBe(false);
    expect((await call('DELETE', `/api/v1/recycle/${item.id}`, admin.headers)).status).toBe(404);
  });

  it('deletes a space forever for its owner only', async () => {
    const { owner, admin, space } = await team();
    const page = await furnishedPage(space.id, owner.id, '页面');
    const item = await trashSpace(space.id, owner.id);
    expect((await call('DELETE', `/api/v1/recycle/${item.id}`, admin.headers)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/recycle/${item.id}`, owner.headers)).status).toBe(200);
    expect(await t.db.select().from(spaces).where(eq(spaces.id, space.id))).toEqual([]);
    expect(await leftovers(page.id)).toBe(0);
  });
});

/** A page whose draft is indexed by the space's AI (drafts included), with a file in it. */
async function indexedPage(spaceId: string, userId: number, name: string, parentId: string) {
  const page = await node(spaceId, userId, 'page', name, parentId);
  const texts = ['长城东起山海关，西至嘉峪关。', '敦煌莫高窟始建于十六国时期。', name];
  await t.db.insert(pageBlocks).values(
    texts.map((text, index) => ({
      pageId: page.id,
      blockId: `b${index}`,
      position: `a${index}`,
      data: paragraphBlock(`b${index}`, text),
    })),
  );
  await indexPage(t.db, page.id, null);
  const file = await buildStoredFile(t.db, {
    spaceId,
    uploadedBy: userId,
    name: `${name}附件.pdf`,
    pageId: page.id,
    text: `${name}的附件。\n\n秦始皇统一六国后修筑长城。`,
  });
  await indexFile(t.db, file.id, null);
  return page;
}

/** Documents, chunks and postings left of the pages' index (their files' included). */
async function indexLeft(pageIds: string[]) {
  const [row] = await queryRows<{ documents: number; chunks: number; postings: number }>(
    t.db,
    sql`select count(distinct d.id)::int as documents, count(distinct c.id)::int as chunks,
        count(p.chunk_id)::int as postings
      from ai_documents d
      left join ai_chunks c on c.document_id = d.id
      left join ai_postings p on p.chunk_id = c.id
      where d.page_id in (${sql.join(
        pageIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
  return row;
}

/** Search documents and postings left of the nodes. */
async function searchLeft(nodeIds: string[]) {
  const [row] = await queryRows<{ documents: number; postings: number }>(
    t.db,
    sql`select count(distinct d.id)::int as documents, count(p.doc_id)::int as postings
      from search_docs d left join search_postings p on p.doc_id = d.id
      where d.node_id in (${sql.join(
        nodeIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
  return row!;
}

// The index goes by cascade (page → documents → chunks → postings); PostgreSQL fires the
// statement-level ai_terms trigger once for the whole cascade of the purge's DELETE.
describe('DELETE /api/v1/recycle/:id and the AI index', () => {
  it("drops the index of a topic's pages and their files, keeping ai_terms equal to postings", async () => {
    const { owner, admin, space } = await team();
    await t.db.insert(spaceAi).values({ spaceId: space.id, enabled: true, includeDrafts: true });
    const topic = await node(space.id, owner.id, 'topic', '主题');
    const inner = await node(space.id, owner.id, 'topic', '子主题', topic.id);
    const pages = [
      await indexedPage(space.id, owner.id, '北京', topic.id),
      await indexedPage(space.id, owner.id, '甘肃', topic.id),
      await indexedPage(space.id, owner.id, '河北', inner.id),
    ];
    const kept = await indexedPage(space.id, owner.id, '陕西', inner.id);
    const single = await indexedPage(space.id, owner.id, '山西', topic.id);
    for (const page of [...pages, kept, single]) await indexPageForSearch(t.db, page.id);
    const keptBefore = await indexLeft([kept.id]);
    const keptSearch = await searchLeft([kept.id]);
    expect(keptSearch.postings).toBeGreaterThan(0);
    expect((await indexLeft([single.id]))?.postings).toBeGreaterThan(0);
    // the file documents are counted with their pages: 2 documents per page
    expect(await indexLeft(pages.map((page) => page.id))).toMatchObject({ documents: 6 });
    expect(keptBefore?.postings).toBeGreaterThan(0);
    expect(await termDrift(t.db, space.id)).toEqual([]);

    // a single page, deleted on its own and purged before its index job ran
    const pageItem = await trash(single, owner.id);
    expect((await call('DELETE', `/api/v1/recycle/${pageItem.id}`, admin.headers)).status).toBe(
      200,
    );
    expect(await indexLeft([single.id])).toEqual({ documents: 0, chunks: 0, postings: 0 });
    expect(await searchLeft([single.id])).toEqual({ documents: 0, postings: 0 });
    expect(await termDrift(t.db, space.id)).toEqual([]);

    // the topic with its subtree, one page moved out of it before the delete
    await t.db.update(spaceNodes).set({ parentId: null }).where(eq(spaceNodes.id, kept.id));
    const item = await trash(topic, owner.id, [inner, ...pages]);
    expect((await call('DELETE', `/api/v1/recycle/${item.id}`, admin.headers)).status).toBe(200);
    expect(await indexLeft(pages.map((page) => page.id))).toEqual({
      documents: 0,
      chunks: 0,
      postings: 0,
    });
    expect(await indexLeft([kept.id])).toEqual(keptBefore);
    expect(await searchLeft(pages.map((page) => page.id))).toEqual({ documents: 0, postings: 0 });
    expect(await searchLeft([kept.id])).toEqual(keptSearch);
    expect(await termDrift(t.db, space.id)).toEqual([]);
  });
});

const termsOf = (spaceId: string) =>
  queryRows<{ term: string; df: number }>(
    t.db,
    sql`select term, df from ai_terms where space_id = ${spaceId} order by term`,
  );

// A purged space's indexes go in set-based statements (ai-index.repo.ts deleteSpaceIndex,
// search.index.ts deleteSpaceFromSearch) before the space row's cascade.
describe('DELETE /api/v1/recycle/:id of a space and its indexes', () => {
  it("drops the space's AI and search index and leaves another space's terms as they were", async () => {
    const { owner, space } = await team();
    const other = await buildSpace(t.db, owner.id, '另一个空间');
    const pages = [];
    for (const target of [space, other]) {
      await t.db.insert(spaceAi).values({ spaceId: target.id, enabled: true, includeDrafts: true });
      const topic = await node(target.id, owner.id, 'topic', '主题');
      for (const name of ['北京', '甘肃']) {
        const page = await indexedPage(target.id, owner.id, name, topic.id);
        await indexPageForSearch(t.db, page.id);
        pages.push(page);
      }
    }
    const before = await spaceIndexRows(t.db, space.id);
    for (const count of Object.values(before)) expect(count).toBeGreaterThan(0);
    const otherBefore = await spaceIndexRows(t.db, other.id);
    const otherTerms = await termsOf(other.id);
    expect(otherTerms.length).toBeGreaterThan(0);

    const item = await trashSpace(space.id, owner.id);
    expect((await call('DELETE', `/api/v1/recycle/${item.id}`, owner.headers)).status).toBe(200);
    expect(await spaceIndexRows(t.db, space.id)).toEqual({
      documents: 0,
      chunks: 0,
      postings: 0,
      terms: 0,
      searchDocs: 0,
      searchPostings: 0,
    });
    expect(await t.db.select().from(spaces).where(eq(spaces.id, space.id))).toEqual([]);
    expect(await spaceIndexRows(t.db, other.id)).toEqual(otherBefore);
    expect(await termsOf(other.id)).toEqual(otherTerms);
    expect(await termDrift(t.db, other.id)).toEqual([]);
  });
});

describe('purgeExpiredRecycleItems', () => {
  it('deletes items older than 30 days with their nodes, and leaves younger ones', async () => {
    const { owner, space } = await team();
    const now = new Date();
    const old = await furnishedPage(space.id, owner.id, '过期页面');
    const young = await furnishedPage(space.id, owner.id, '还在保留期');
    const oldItem = await trash(old, owner.id, [], new Date(now.getTime() - 31 * dayMs));
    const youngItem = await trash(young, owner.id, [], new Date(now.getTime() - 29 * dayMs));

    // (another file's purge may get there first on a shared database, so no count is asserted)
    await purgeExpiredRecycleItems(t.db, now);
    expect(await itemExists(oldItem.id)).toBe(false);
    expect(await leftovers(old.id)).toBe(0);
    expect(await itemExists(youngItem.id)).toBe(true);
    expect(await leftovers(young.id)).toBe(5);

    // two days later the other one is due; two purges at once are harmless
    const later = new Date(now.getTime() + 2 * dayMs);
    await Promise.all([
      purgeExpiredRecycleItems(t.db, later),
      purgeExpiredRecycleItems(t.db, later),
    ]);
    expect(await itemExists(youngItem.id)).toBe(false);
    expect(await leftovers(young.id)).toBe(0);
  });

  it('deletes an expired space with everything in it', async () => {
    const { owner, space } = await team();
    const page = await furnishedPage(space.id, owner.id, '页面');
    const now = new Date();
    const item = await trashSpace(space.id, owner.id, new Date(now.getTime() - 30 * dayMs - 1));
    await purgeExpiredRecycleItems(t.db, now);
    expect(await itemExists(item.id)).toBe(false);
    expect(await t.db.select().from(spaces).where(eq(spaces.id, space.id))).toEqual([]);
    expect(await leftovers(page.id)).toBe(0);
  });
});
