// Text PostgreSQL cannot keep: NUL and lone surrogates are refused where input enters,
// 400 + 100002 naming the field, for every route at once; editor documents are stripped of them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@library/contract';
import { spaces } from '../db/schema/index.js';
import {
  authHeader,
  buildPage,
  buildSpace,
  buildUser,
  paragraphBlock,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findUnsafeText } from './input-text.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function owner() {
  const user = await buildUser(t.db);
  const headers = await authHeader(t.db, user.id);
  const space = await buildSpace(t.db, user.id);
  const page = await buildPage(t.db, space.id, user.id);
  return { user, headers, space, page };
}

/** A JSON body sent as written: `\ud800` escapes reach the server as lone surrogates. */
const rawJson = (method: 'POST' | 'PUT', url: string, headers: object, body: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: body,
  });

function expectRefused(
  res: { status: number; body: { code: number; data: unknown } },
  field: string,
) {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe(ErrorCode.paramError);
  expect(res.body.data).toMatchObject({ issues: [{ field }] });
}

describe('NUL and lone surrogates in requests', () => {
  it('refuses NUL in a body field, naming it, and writes nothing', async () => {
    const me = await owner();
    const before = await t.db.select().from(spaces).where(eq(spaces.ownerId, me.user.id));
    const res = await t.call('POST', '/api/v2/space', me.headers, { name: '空间\u0000' });
    expectRefused(res, 'name');
    expect(res.body.msg).toContain('NUL');
    const after = await t.db.select().from(spaces).where(eq(spaces.ownerId, me.user.id));
    expect(after).toHaveLength(before.length);
  });

  it('refuses NUL in a query string and in a page version name', async () => {
    const me = await owner();
    expectRefused(await t.call('GET', '/api/v1/note?keywords=a%00b', me.headers), 'keywords');
    const version = await t.call('POST', `/api/v2/space/page/${me.page.id}/version`, me.headers, {
      name: 'v\u00001',
    });
    expectRefused(version, 'name');
  });

  it('refuses a lone surrogate instead of storing U+FFFD, and names nested fields', async () => {
    const me = await owner();
    const res = await rawJson('POST', '/api/v2/space', me.headers, '{"name":"a\\ud800b"}');
    expectRefused({ status: res.statusCode, body: res.json() }, 'name');
    expect(res.json().msg).toContain('U+D800');
    const nested = await rawJson(
      'PUT',
      `/api/v2/space/page/${me.page.id}/block`,
      me.headers,
      '{"baseRevision":0,"changes":[{"op":"delete","blockId":"b\\udc00"}]}',
    );
    expectRefused({ status: nested.statusCode, body: nested.json() }, 'changes.0.blockId');
  });

  it('keeps well-formed pairs: an emoji is no lone surrogate', async () => {
    const me = await owner();
    const res = await rawJson('POST', '/api/v2/space', me.headers, '{"name":"书\\ud83d\\udcda"}');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('书📚');
  });

  it('strips them from page blocks and notes, where a paste brings them in unseen', async () => {
    const me = await owner();
    const saved = await rawJson(
      'PUT',
      `/api/v2/space/page/${me.page.id}/block`,
      me.headers,
      JSON.stringify({
        baseRevision: 0,
        changes: [{ op: 'upsert', blockId: 'b1', data: paragraphBlock('b1', 'a\u0000b') }],
      }).replace('a\\u0000b', 'a\\u0000b\\ud800c'),
    );
    expect(saved.statusCode).toBe(200);
    const draft = await t.call('GET', `/api/v2/space/page/${me.page.id}/block`, me.headers);
    expect(draft.body.data.blocks).toEqual([paragraphBlock('b1', 'abc')]);

    const note = await t.call('POST', '/api/v1/note', me.headers, {
      title: '笔记',
      content: [paragraphBlock('n1', '\u0000粘贴\udfff')],
      text: '\u0000粘贴\udfff',
    });
    expect(note.status).toBe(200);
    expect(note.body.data).toMatchObject({
      text: '粘贴',
      content: [paragraphBlock('n1', '粘贴')],
    });
  });

  it('refuses JSON nested deeper than jsonb can take', async () => {
    const me = await owner();
    const deep = '{"c":'.repeat(150) + '1' + '}'.repeat(150);
    const res = await rawJson(
      'PUT',
      `/api/v2/space/page/${me.page.id}/block`,
      me.headers,
      `{"baseRevision":0,"changes":[{"op":"upsert","blockId":"b1","data":{"id":"b1","type":"p","props":${deep}}}]}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('nested deeper than 100 levels');
  });
});

describe('findUnsafeText', () => {
  it('names the path of the first bad string or object key', () => {
    expect(findUnsafeText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })?.path).toEqual(['a', 1, 'c']);
    expect(findUnsafeText({ list: [{ ['k\ud800']: 1 }] })).toMatchObject({
      path: ['list', 0, 'k\ud800'],
      message: expect.stringContaining('key'),
    });
    expect(findUnsafeText({ a: ['😀', 1, null, true], b: 'fine' })).toBeUndefined();
  });
});
