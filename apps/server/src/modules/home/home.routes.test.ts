import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Home } from '@library/contract';
import { authHeader, buildPage, buildSpaceWithRoles, buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

async function ok<T>(res: Promise<{ status: number; body: { code: number; data: unknown } }>) {
  const { body } = await res;
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data as T;
}

const homeOf = (headers: Headers) => ok<Home>(t.call('GET', '/api/v1/home', headers));
const publish = (headers: Headers, pageId: string, name: string) =>
  ok(t.call('POST', `/api/v2/space/page/${pageId}/version`, headers, { name }));

describe('GET /api/v1/home', () => {
  it('is empty for someone new', async () => {
    const user = await authHeader(t.db, (await buildUser(t.db)).id);
    expect(await homeOf(user)).toEqual({ mentions: [], changed: [], recent: [] });
  });

  it('gives unread mentions and replies, pages published since the visit, and recent visits', async () => {
    const w = await buildSpaceWithRoles(t.db);
    const page = await buildPage(t.db, w.space.id, w.ids.owner, { name: '值班表' });
    const other = await buildPage(t.db, w.space.id, w.ids.owner, { name: '通讯录' });
    await publish(w.as.owner, page.id, 'v1');
    await publish(w.as.owner, other.id, 'v1');
    for (const pageId of [page.id, other.id]) {
      await ok(
        t.call('POST', '/api/v1/history', w.as.reader, { targetType: 'page', targetId: pageId }),
      );
    }
    // after the reader's visit: a new version of one page, and a mention
    await publish(w.as.editor, page.id, '十二月');
    await ok(
      t.call('POST', `/api/v2/space/page/${other.id}/comment`, w.as.editor, {
        content: `<@${w.ids.reader}> 请更新`,
      }),
    );
    await t.app.jobs.drain();

    const home = await homeOf(w.as.reader);
    expect(home.mentions).toEqual([
      expect.objectContaining({ type: 'mention', pageId: other.id, read: false }),
    ]);
    expect(home.changed).toEqual([
      expect.objectContaining({
        pageId: page.id,
        title: '值班表',
        version: 2,
        versionName: '十二月',
        publishedBy: expect.objectContaining({ userId: String(w.ids.editor) }),
      }),
    ]);
    expect(home.recent.map((item) => item.targetId)).toEqual([other.id, page.id]);

    // read, and visited again: nothing left to catch up on
    await ok(t.call('PUT', '/api/v1/notification/readAll', w.as.reader));
    await ok(
      t.call('POST', '/api/v1/history', w.as.reader, { targetType: 'page', targetId: page.id }),
    );
    const after = await homeOf(w.as.reader);
    expect([after.mentions, after.changed]).toEqual([[], []]);
    // one's own publishing is no news
    await ok(
      t.call('POST', '/api/v1/history', w.as.editor, { targetType: 'page', targetId: other.id }),
    );
    await publish(w.as.editor, other.id, 'v2');
    expect((await homeOf(w.as.editor)).changed).toEqual([]);
  });
});
