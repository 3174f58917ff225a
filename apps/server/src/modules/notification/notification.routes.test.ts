import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Notification, type NotificationList } from '@library/contract';
import { authHeader, buildPage, buildSpaceWithRoles, buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

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

async function comment(headers: Headers, pageId: string, content: string) {
  await okData(t.call('POST', `/api/v2/space/page/${pageId}/comment`, headers, { content }));
  await t.app.jobs.drain();
}

const inbox = (headers: Headers, query = '') =>
  okData<NotificationList>(t.call('GET', `/api/v1/notification${query}`, headers));

/** A space with a person in each role and a page of the owner's. */
async function world() {
  const w = await buildSpaceWithRoles(t.db);
  const page = await buildPage(t.db, w.space.id, w.ids.owner, { name: '借阅规则' });
  return { ...w, pageId: page.id };
}

describe('the inbox', () => {
  it('lists newest first, counts what is unread, and marks one or all read', async () => {
    const w = await world();
    for (const text of ['一', '二', '三']) await comment(w.as.editor, w.pageId, text);
    const all = await inbox(w.as.owner, '?page=0&pageSize=2');
    expect(all.list.map((item) => item.excerpt)).toEqual(['三', '二']);
    // where each leads in the web app
    expect(all.list[0]!.link).toBe(`/space/${w.space.id}/page/${w.pageId}`);
    expect(all.list[0]!.event).toBeNull();
    expect([all.total, all.unread]).toEqual([3, 3]);

    await okData(
      t.call('PUT', `/api/v1/notification/${all.list[0]!.notificationId}/read`, w.as.owner),
    );
    const unread = await inbox(w.as.owner, '?unreadOnly=true');
    expect(unread.list.map((item) => item.excerpt)).toEqual(['二', '一']);
    expect([unread.total, unread.unread]).toEqual([2, 2]);

    // someone else's notification is not there for the caller
    const other = await t.call(
      'PUT',
      `/api/v1/notification/${all.list[1]!.notificationId}/read`,
      w.as.editor,
    );
    expect(other.status).toBe(404);
    expect(other.body.code).toBe(ErrorCode.dataMissing);

    await okData(t.call('PUT', '/api/v1/notification/readAll', w.as.owner));
    const after = await inbox(w.as.owner);
    expect(after.unread).toBe(0);
    expect(after.list.every((item: Notification) => item.read)).toBe(true);
  });

  it('keeps settings per person: every kind on and no mail at first, then what was changed', async () => {
    const user = await authHeader(t.db, (await buildUser(t.db)).id);
    const first = await okData<{
      email: string;
      emailAvailable: boolean;
      types: Record<string, boolean>;
    }>(t.call('GET', '/api/v1/notification/settings', user));
    expect(first.email).toBe('off');
    // this site has no SMTP_URL: the settings say mail is not sent at all
    expect(first.emailAvailable).toBe(false);
    expect(Object.values(first.types).every(Boolean)).toBe(true);
    await okData(
      t.call('PUT', '/api/v1/notification/settings', user, {
        email: 'daily',
        types: { publish: false },
      }),
    );
    const saved = await okData<{ email: string; types: Record<string, boolean> }>(
      t.call('GET', '/api/v1/notification/settings', user),
    );
    expect(saved).toMatchObject({ email: 'daily', types: { publish: false, mention: true } });
    const bad = await t.call('PUT', '/api/v1/notification/settings', user, {
      types: { nonsense: true },
    });
    expect(bad.status).toBe(400);
  });
});
