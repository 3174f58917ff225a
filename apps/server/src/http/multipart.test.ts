// Malformed multipart bodies (found by the fuzz test): each is answered 400 + 100002, at once —
// a short body cut before its closing boundary used to leave the request hanging, a body without
// a boundary was a 500 — and nothing is stored.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@library/contract';
import { spaceFiles, users } from '../db/schema/index.js';
import { authHeader, buildSpace, buildUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 1)]);

const bodies: Array<[string, string, Buffer]> = [
  [
    'cut before its closing boundary',
    'multipart/form-data; boundary=b',
    Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n'),
      png,
    ]),
  ],
  ['without a boundary', 'multipart/form-data', Buffer.from('garbage')],
  ['of garbage', 'multipart/form-data; boundary=zz', Buffer.alloc(4096, 'a')],
];

async function send(url: string, headers: Record<string, string>, type: string, body: Buffer) {
  const res = await Promise.race([
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': type },
      payload: body,
    }),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer')), 5000)),
  ]);
  return { status: res.statusCode, body: res.json() };
}

describe('a malformed multipart body', () => {
  it.each(bodies)(
    '%s is 400 + 100002 for a file upload, storing nothing',
    async (_, type, body) => {
      const user = await buildUser(t.db);
      const headers = await authHeader(t.db, user.id);
      const space = await buildSpace(t.db, user.id);
      const res = await send(`/api/v3/space/${space.id}/file`, headers, type, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.paramError);
      const rows = await t.db.select().from(spaceFiles).where(eq(spaceFiles.spaceId, space.id));
      expect(rows).toHaveLength(0);
    },
  );

  it.each(bodies)('%s is 400 + 100002 for an avatar, keeping none', async (_, type, body) => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const res = await send('/api/v1/user/avatar', headers, type, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.paramError);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.avatarKey).toBeNull();
  });

  it('is 400 + 100002 for a space icon too', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const space = await buildSpace(t.db, user.id);
    const [, type, body] = bodies[0]!;
    const res = await send(`/api/v2/space/${space.id}/icon`, headers, type, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.paramError);
  });
});
