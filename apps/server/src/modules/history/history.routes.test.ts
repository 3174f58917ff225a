import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, type HistoryItem } from '@library/contract';
import { spaceMembers, spaceNodes, spaces, visits } from '../../db/schema/index.js';
import { addMember, authHeader, buildSpace, buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { recordVisit } from './history.service.js';

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

async function page(spaceId: string, createdBy: number, name: string, position = 'a0') {
  const [row] = await t.db
    .insert(spaceNodes)
    .values({ spaceId, type: 'page', name, position, createdBy, avatar: '📘' })
    .returning();
  return row!;
}

async function history(headers: Record<string, string>, query = '') {
  const res = await call('GET', `/api/v1/history${query}`, headers);
  expect(res.status).toBe(200);
  return res.body.data as { list: HistoryItem[]; total: number; page: number; pageSize: number };
}

const names = async (headers: Record<string, string>) =>
  (await history(headers)).list.map((item) => item.name);

const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 8, minutes));

describe('POST /api/v1/history', () => {
  it('records visits to a space and a page the caller may read', async () => {
    const me = await person();
    const owner = await person();
    const space = await buildSpace(t.db, owner.id, '读书会');
    await t.db.update(spaces).set({ icon: '📚' }).where(eq(spaces.id, space.id));
    await addMember(t.db, space.id, me.id, 'reader');
    const doc = await page(space.id, owner.id, '书单');

    const onSpace = await call('POST', '/api/v1/history', me.headers, {
      targetType: 'space',
      targetId: space.id,
    });
    expect(onSpace.status).toBe(200);
    await call('POST', '/api/v1/history', me.headers, { targetType: 'page', targetId: doc.id });

    const result = await history(me.headers);
    expect(result).toMatchObject({ total: 2, page: 0, pageSize: 50 });
    const byType = new Map(result.list.map((item) => [item.targetType, item]));
    expect(byType.get('page')).toMatchObject({
      targetId: doc.id,
      spaceId: space.id,
      name: '书单',
      spaceName: '读书会',
      avatar: '📘',
    });
    expect(byType.get('space')).toMatchObject({
      targetId: space.id,
      spaceId: space.id,
      name: '读书会',
      spaceName: '读书会',
      avatar: '📚',
    });
    expect(Date.now() - Date.parse(byType.get('page')!.visitedAt)).toBeLessThan(60_000);
  });

  it('answers 404 for targets the caller cannot read, and records nothing', async () => {
    const me = await person();
    const owner = await person();
    const space = await buildSpace(t.db, owner.id);
    const doc = await page(space.id, owner.id, '别人的页面');
    const topic = await t.db
      .insert(spaceNodes)
      .values({
        spaceId: space.id,
        type: 'topic',
        name: '主题',
        position: 'a1',
        createdBy: owner.id,
      })
      .returning();
    await addMember(t.db, space.id, (await person()).id, 'reader');
    for (const payload of [
      { targetType: 'space', targetId: space.id },
      { targetType: 'page', targetId: doc.id },
    ]) {
      const res = await call('POST', '/api/v1/history', me.headers, payload);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(ErrorCode.dataMissing);
    }
    // a topic is not a page, even for the owner
    const notPage = await call('POST', '/api/v1/history', owner.headers, {
      targetType: 'page',
      targetId: topic[0]!.id,
    });
    expect(notPage.status).toBe(404);
    const bad = await call('POST', '/api/v1/history', me.headers, {
      targetType: 'topic',
      targetId: space.id,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(ErrorCode.paramError);
    expect(await t.db.select().from(visits).where(eq(visits.userId, me.id))).toEqual([]);
  });
});

describe('GET /api/v1/history', () => {
  it('lists newest first with one entry per target, moved up by each visit', async () => {
    const me = await person();
    const space = await buildSpace(t.db, me.id, '空间');
    const one = await page(space.id, me.id, '一', 'a0');
    const two = await page(space.id, me.id, '二', 'a1');
    await recordVisit(t.db, me.id, { targetType: 'page', targetId: one.id }, at(1));
    await recordVisit(t.db, me.id, { targetType: 'space', targetId: space.id }, at(2));
    await recordVisit(t.db, me.id, { targetType: 'page', targetId: two.id }, at(3));
    expect(await names(me.headers)).toEqual(['二', '空间', '一']);

    await recordVisit(t.db, me.id, { targetType: 'page', targetId: one.id }, at(4));
    const result = await history(me.headers);
    expect(result.list.map((item) => item.name)).toEqual(['一', '二', '空间']);
    expect(result.list[0]!.visitedAt).toBe(at(4).toISOString());
    expect(result.total).toBe(3);
    const rows = await t.db
      .select()
      .from(visits)
      .where(and(eq(visits.userId, me.id), eq(visits.targetId, one.id)));
    expect(rows).toHaveLength(1);

    const second = await history(me.headers, '?page=1&pageSize=2');
    expect(second).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(second.list.map((item) => item.name)).toEqual(['空间']);
  });

  it('drops targets that were deleted or that the caller can no longer read', async () => {
    const me = await person();
    const owner = await person();
    const shared = await buildSpace(t.db, owner.id, '共享空间');
    await addMember(t.db, shared.id, me.id, 'editor');
    const mine = await buildSpace(t.db, me.id, '我的空间');
    const deletedPage = await page(mine.id, me.id, '删掉的页面', 'a0');
    const livePage = await page(mine.id, me.id, '还在的页面', 'a1');
    const sharedPage = await page(shared.id, owner.id, '共享页面');
    for (const [index, target] of [
      { targetType: 'space', targetId: shared.id },
      { targetType: 'page', targetId: sharedPage.id },
      { targetType: 'page', targetId: deletedPage.id },
      { targetType: 'page', targetId: livePage.id },
    ].entries()) {
      await recordVisit(
        t.db,
        me.id,
        target as { targetType: 'space' | 'page'; targetId: string },
        at(index),
      );
    }
    expect(await names(me.headers)).toEqual(['还在的页面', '删掉的页面', '共享页面', '共享空间']);

    await t.db
      .update(spaceNodes)
      .set({ deletedAt: new Date(), deletedBy: me.id })
      .where(eq(spaceNodes.id, deletedPage.id));
    // removed from the shared space: its space and page disappear
    await t.db.delete(spaceMembers).where(eq(spaceMembers.memberId, String(me.id)));
    await addMember(t.db, mine.id, me.id, 'owner');
    const result = await history(me.headers);
    expect(result.list.map((item) => item.name)).toEqual(['还在的页面']);
    expect(result.total).toBe(1);

    // a deleted space hides its pages too
    await t.db.update(spaces).set({ deletedAt: new Date() }).where(eq(spaces.id, mine.id));
    expect(await names(me.headers)).toEqual([]);
  });
});

describe('DELETE /api/v1/history', () => {
  it('removes one entry, then clears the rest, touching nobody else', async () => {
    const me = await person();
    const other = await person();
    const space = await buildSpace(t.db, me.id, '空间');
    await addMember(t.db, space.id, other.id, 'reader');
    const doc = await page(space.id, me.id, '页面');
    await recordVisit(t.db, me.id, { targetType: 'space', targetId: space.id }, at(1));
    await recordVisit(t.db, me.id, { targetType: 'page', targetId: doc.id }, at(2));
    await recordVisit(t.db, other.id, { targetType: 'page', targetId: doc.id }, at(3));

    const removed = await call('DELETE', `/api/v1/history/page/${doc.id}`, me.headers);
    expect(removed.status).toBe(200);
    expect(await names(me.headers)).toEqual(['空间']);
    expect((await call('DELETE', `/api/v1/history/page/${doc.id}`, me.headers)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/history/file/${doc.id}`, me.headers)).status).toBe(400);

    expect((await call('DELETE', '/api/v1/history', me.headers)).status).toBe(200);
    expect(await names(me.headers)).toEqual([]);
    expect(await names(other.headers)).toEqual(['页面']);
  });
});
