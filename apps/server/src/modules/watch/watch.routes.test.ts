import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type NotificationList } from '@library/contract';
import { notifications, spaceMembers, users } from '../../db/schema/index.js';
import {
  addMember,
  buildPage,
  buildSpaceWithRoles,
  buildUser,
  type Caller,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { deriveDraftRows } from '../page/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

async function okData<T>(res: Promise<{ status: number; body: { code: number; data: unknown } }>) {
  const { status, body } = await res;
  expect(body.code, JSON.stringify(body)).toBe(0);
  expect(status).toBe(200);
  return body.data as T;
}

async function comment(headers: Headers, pageId: string, content: string, parentId?: string) {
  const data = await okData<{ commentId: string }>(
    t.call('POST', `/api/v2/space/page/${pageId}/comment`, headers, { content, parentId }),
  );
  await t.app.jobs.drain();
  return data.commentId;
}

const inbox = (headers: Headers, query = '') =>
  okData<NotificationList>(t.call('GET', `/api/v1/notification${query}`, headers));

/** A space with a person in each role and a page of the owner's, published so readers see it. */
async function world() {
  const w = await buildSpaceWithRoles(t.db);
  const page = await buildPage(t.db, w.space.id, w.ids.owner, { name: '借阅规则' });
  await okData(t.call('POST', `/api/v2/space/page/${page.id}/version`, w.as.owner, { name: 'v1' }));
  await t.app.jobs.drain();
  return { ...w, pageId: page.id };
}

describe('who is told of a comment', () => {
  it('tells the page’s author of a comment, with who, where and what, but not the one who wrote it', async () => {
    const w = await world();
    const commentId = await comment(w.as.editor, w.pageId, '第三条需要改一下');
    const owner = await inbox(w.as.owner);
    expect(owner.unread).toBe(1);
    expect(owner.list).toEqual([
      expect.objectContaining({
        type: 'comment',
        read: false,
        actor: expect.objectContaining({ userId: String(w.ids.editor) }),
        spaceId: w.space.id,
        pageId: w.pageId,
        commentId,
        blockId: null,
        title: '借阅规则',
        excerpt: '第三条需要改一下',
      }),
    ]);
    expect((await inbox(w.as.editor)).total).toBe(0);
  });

  it('tells the one answered of a reply, and each one mentioned once, as a mention', async () => {
    const w = await world();
    const first = await comment(w.as.reader, w.pageId, '这一页写得好');
    await comment(
      w.as.editor,
      w.pageId,
      `谢谢 <@${w.ids.reader}>，也请 <@${w.ids.admin}> 看看 <@${w.ids.admin}>`,
      first,
    );
    const reader = await inbox(w.as.reader);
    // mentioned and answered: told once, as a mention
    expect(reader.list.map((item) => item.type)).toEqual(['mention']);
    expect(reader.list[0]!.excerpt).toContain(`<@${w.ids.reader}>`);
    expect((await inbox(w.as.admin)).list.map((item) => item.type)).toEqual(['mention']);
    // the author of the page hears of both comments
    expect((await inbox(w.as.owner)).list.map((item) => item.type)).toEqual(['comment', 'comment']);
  });

  it('tells nobody who may not read the page: an outsider, a removed member, a disabled user', async () => {
    const w = await world();
    const disabled = await buildUser(t.db);
    await addMember(t.db, w.space.id, disabled.id, 'reader');
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled.id));
    await t.db.delete(spaceMembers).where(eq(spaceMembers.memberId, String(w.ids.admin)));
    await comment(
      w.as.editor,
      w.pageId,
      `<@${w.ids.outsider}> <@${w.ids.admin}> <@${disabled.id}> <@99999999>`,
    );
    for (const caller of ['outsider', 'admin'] as Caller[]) {
      expect((await inbox(w.as[caller])).total).toBe(0);
    }
    // a disabled user cannot log in to look: nothing was kept for them either
    expect(
      await t.db.select().from(notifications).where(eq(notifications.userId, disabled.id)),
    ).toEqual([]);
  });

  it('tells nobody of a kind they turned off, nor an author who stopped watching the page', async () => {
    const w = await world();
    const muted = await okData<{ types: Record<string, boolean> }>(
      t.call('PUT', '/api/v1/notification/settings', w.as.reader, { types: { mention: false } }),
    );
    expect(muted.types).toMatchObject({ mention: false, reply: true });
    await okData(
      t.call('PUT', '/api/v1/watch', w.as.owner, {
        targetType: 'page',
        targetId: w.pageId,
        watch: false,
      }),
    );
    await comment(w.as.editor, w.pageId, `<@${w.ids.reader}> 请看`);
    expect((await inbox(w.as.reader)).total).toBe(0);
    expect((await inbox(w.as.owner)).total).toBe(0);
  });
});

describe('who is told of an edited comment', () => {
  it('tells only the people the edit newly mentions, once', async () => {
    const w = await world();
    const commentId = await comment(w.as.editor, w.pageId, '初稿');
    const edit = async (content: string) => {
      const res = await t.call('PUT', `/api/v2/space/comment/${commentId}`, w.as.editor, {
        content,
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      await t.app.jobs.drain();
    };
    await edit(`初稿，请 <@${w.ids.reader}> 看看`);
    await edit(`初稿，请 <@${w.ids.reader}> 和 <@${w.ids.admin}> 看看`);
    expect((await inbox(w.as.reader)).list.map((item) => item.type)).toEqual(['mention']);
    expect((await inbox(w.as.admin)).list).toEqual([
      expect.objectContaining({ type: 'mention', commentId }),
    ]);
    // the page's author heard of the comment once, when it was written
    expect((await inbox(w.as.owner)).list.map((item) => item.type)).toEqual(['comment']);
  });
});

describe('who is told of a mention in a page', () => {
  it('tells the editors newly mentioned in the draft, once, at the block; readers learn nothing', async () => {
    const w = await world();
    const paragraph = (id: string, ...userIds: number[]) => ({
      id,
      type: 'paragraph',
      props: {},
      content: [
        { type: 'text', text: '请审阅', styles: {} },
        ...userIds.map((userId) => ({ type: 'mention', props: { userId: String(userId) } })),
      ],
      children: [],
    });
    // what the live editing socket derives from the document after the owner typed
    await deriveDraftRows(
      t.db,
      w.pageId,
      [paragraph('m1', w.ids.editor, w.ids.reader)],
      w.ids.owner,
    );
    await t.app.jobs.drain();
    expect((await inbox(w.as.editor)).list).toEqual([
      expect.objectContaining({
        type: 'mention',
        actor: expect.objectContaining({ userId: String(w.ids.owner) }),
        pageId: w.pageId,
        blockId: 'm1',
        commentId: null,
        title: '借阅规则',
        excerpt: `请审阅<@${w.ids.editor}><@${w.ids.reader}>`,
      }),
    ]);
    // a reader sees only the published page: the draft's mention stays unknown to them
    expect((await inbox(w.as.reader)).total).toBe(0);

    // typing on leaves the mention where it was: nobody is told again
    await deriveDraftRows(
      t.db,
      w.pageId,
      [paragraph('m1', w.ids.editor, w.ids.reader), paragraph('m2', w.ids.admin)],
      w.ids.owner,
    );
    await t.app.jobs.drain();
    expect((await inbox(w.as.editor)).total).toBe(1);
    expect((await inbox(w.as.admin)).list).toEqual([
      expect.objectContaining({ type: 'mention', blockId: 'm2' }),
    ]);
  });
});

describe('who is told of a published version', () => {
  it('tells whoever watches the page, a topic above it or its space — if they may read it', async () => {
    const w = await world();
    const topic = await okData<{ topicId: string }>(
      t.call('POST', `/api/v2/space/${w.space.id}/topic`, w.as.owner, { name: '制度' }),
    );
    const page = await okData<{ pageId: string }>(
      t.call('POST', `/api/v2/space/${w.space.id}/page`, w.as.editor, {
        name: '请假制度',
        parentId: topic.topicId,
      }),
    );
    const watch = (caller: Caller, targetType: string, targetId: string) =>
      t.call('PUT', '/api/v1/watch', w.as[caller], { targetType, targetId, watch: true });
    await okData(watch('reader', 'topic', topic.topicId));
    await okData(watch('admin', 'space', w.space.id));
    // an outsider may not watch what they cannot read
    const refused = await watch('outsider', 'space', w.space.id);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe(ErrorCode.dataMissing);

    await okData(
      t.call('POST', `/api/v2/space/page/${page.pageId}/version`, w.as.owner, { name: '第一版' }),
    );
    await t.app.jobs.drain();
    for (const caller of ['reader', 'admin', 'editor'] as Caller[]) {
      const got = await inbox(w.as[caller]);
      expect(got.list, caller).toEqual([
        expect.objectContaining({ type: 'publish', pageId: page.pageId, excerpt: '第一版' }),
      ]);
    }
    expect((await inbox(w.as.owner)).total).toBe(0);
    expect(
      await okData(
        t.call('GET', `/api/v1/watch?targetType=page&targetId=${page.pageId}`, w.as.editor),
      ),
    ).toEqual({ watching: true });
  });
});
