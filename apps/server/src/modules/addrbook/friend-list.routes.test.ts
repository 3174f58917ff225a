// GET /api/v1/friend is answered with JSON text the database writes: it must be, byte for byte,
// what presenting the rows and JSON.stringify made — names and remarks that need escaping,
// avatars with and without a key, times with microseconds in any session time zone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { envelopeSchema, friendListSchema } from '@library/contract';
import { friendGroups, friendships, users } from '../../db/schema/index.js';
import { ok } from '../../http/envelope.js';
import { authHeader, buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { presentFriend } from './friend.presenter.js';
import { listFriends } from './friend.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());

const awkward = [
  { nickname: '王芳', remark: '', avatarKey: null, at: '2026-01-02 03:04:05.678999+00' },
  { nickname: 'say "hi" \\ back', remark: 'tab\there\nnew line', avatarKey: '', at: null },
  {
    nickname: 'ctrl \u0001\u001f del \u007f',
    remark: '同事 😀 \u2028',
    avatarKey: '0123456789abcdef',
    at: '2026-03-04 05:06:07+08',
  },
  { nickname: '李娜 </script>', remark: '同事', avatarKey: 'ab', at: '2026-03-04 05:06:07.1+00' },
];

describe('the friend list as the database writes it', () => {
  it('is byte for byte the presented rows, with and without keywords, and fits the contract', async () => {
    const me = await buildUser(t.db);
    const headers = await authHeader(t.db, me.id);
    const [group] = await t.db
      .insert(friendGroups)
      .values({ userId: me.id, name: '默认', isDefault: true, position: '0001' })
      .returning();
    for (const friend of awkward) {
      const user = await buildUser(t.db);
      await t.db
        .update(users)
        .set({ nickname: friend.nickname, avatarKey: friend.avatarKey })
        .where(sql`${users.id} = ${user.id}`);
      await t.db.insert(friendships).values({
        userId: me.id,
        friendId: user.id,
        groupId: group!.id,
        remark: friend.remark,
        ...(friend.at ? { createdAt: sql`${friend.at}::timestamptz` } : {}),
      });
    }

    for (const keywords of ['', '同事', '王芳', '不存在']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/friend?keywords=${encodeURIComponent(keywords)}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const rows = await listFriends(t.db, me.id, keywords);
      const presented = { list: rows.map(presentFriend), total: rows.length };
      expect(res.body).toBe(JSON.stringify(ok(presented)));
      expect(envelopeSchema(friendListSchema).parse(res.json()).data).toEqual(presented);
    }
    const all = (await t.app.inject({ method: 'GET', url: '/api/v1/friend', headers })).json();
    expect(all.data.total).toBe(awkward.length);
    expect(all.data.list[0]).toMatchObject({ createdAt: '2026-01-02T03:04:05.678Z' });
  });
});
