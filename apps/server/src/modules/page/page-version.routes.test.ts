import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Block, type BlockChange } from '@library/contract';
import { buildPage, buildSpaceWithRoles } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());

type Headers = Record<string, string>;

/** A space with one user per role plus an outsider, and a page in it. */
async function buildWorld() {
  const { owner, space, as } = await buildSpaceWithRoles(t.db);
  const page = await buildPage(t.db, space.id, owner.id, { name: '版本页' });
  return { owner, as, pageId: page.id };
}

const call: TestApp['call'] = (...args) => t.call(...args);

const block = (id: string, text = id): Block => ({
  id,
  type: 'paragraph',
  content: [{ type: 'text', text, styles: {} }],
  children: [],
});
const upsert = (id: string, afterBlockId?: string | null, text = id): BlockChange => ({
  op: 'upsert',
  blockId: id,
  data: block(id, text),
  ...(afterBlockId === undefined ? {} : { afterBlockId }),
});

async function save(pageId: string, headers: Headers, changes: BlockChange[]) {
  const current = await call('GET', `/api/v2/space/page/${pageId}/block`, headers);
  const result = await call('PUT', `/api/v2/space/page/${pageId}/block`, headers, {
    baseRevision: current.body.data.revision,
    changes,
  });
  expect(result.status).toBe(200);
  return result.body.data.revision as number;
}

const publish = (pageId: string, headers: Headers, name: unknown) =>
  call('POST', `/api/v2/space/page/${pageId}/version`, headers, { name });
const versions = (pageId: string, headers: Headers) =>
  call('GET', `/api/v2/space/page/${pageId}/version`, headers);
const draftBlocks = async (pageId: string, headers: Headers) =>
  (await call('GET', `/api/v2/space/page/${pageId}/block`, headers)).body.data;

describe('POST /api/v2/space/page/:id/version (publish)', () => {
  it('snapshots the draft as the next numbered version and publishes it', async () => {
    const { as, pageId, owner } = await buildWorld();
    await save(pageId, as.editor, [upsert('a'), upsert('b')]);
    const first = await publish(pageId, as.editor, '  第一版  ');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ version: 1, name: '第一版', published: true });
    expect(first.body.data.createdBy.nickname).toBe('测试用户');

    await save(pageId, as.editor, [upsert('c')]);
    const second = await publish(pageId, as.owner, '第二版');
    expect(second.body.data).toMatchObject({
      version: 2,
      published: true,
      createdBy: { userId: String(owner.id) },
    });
    const details = await call('GET', `/api/v2/space/page/${pageId}`, as.reader);
    expect(details.body.data.publishedVersion).toBe(2);
    // publishing does not touch the draft
    expect(details.body.data.revision).toBe(2);
    const reader = await draftBlocks(pageId, as.reader);
    expect(reader.blocks.map((item: Block) => item.id)).toEqual(['a', 'b', 'c']);
  });

  it('refuses a duplicate name with 900010 (409) and a blank one with 900011', async () => {
    const { as, pageId } = await buildWorld();
    await publish(pageId, as.editor, '发布');
    const duplicate = await publish(pageId, as.editor, ' 发布 ');
    expect([duplicate.status, duplicate.body.code]).toEqual([409, ErrorCode.versionNameDuplicate]);
    for (const name of ['', '   ']) {
      const empty = await publish(pageId, as.editor, name);
      expect([empty.status, empty.body.code]).toEqual([400, ErrorCode.versionNameEmpty]);
    }
    const tooLong = await publish(pageId, as.editor, '名'.repeat(256));
    expect([tooLong.status, tooLong.body.code]).toEqual([400, ErrorCode.paramError]);
    // the same name on another page is fine
    const other = await buildWorld();
    expect((await publish(other.pageId, other.as.owner, '发布')).status).toBe(200);
    expect((await versions(pageId, as.editor)).body.data.list).toHaveLength(1);
  });

  it('numbers concurrent publishes one after another', async () => {
    const { as, pageId } = await buildWorld();
    const results = await Promise.all(
      ['甲', '乙', '丙'].map((name) => publish(pageId, as.editor, name)),
    );
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    expect(results.map((result) => result.body.data.version).sort()).toEqual([1, 2, 3]);
  });

  it('is for owners, admins and editors only', async () => {
    const { as, pageId } = await buildWorld();
    for (const role of ['owner', 'admin', 'editor'] as const) {
      expect((await publish(pageId, as[role], `由${role}发布`)).status).toBe(200);
    }
    for (const role of ['reader', 'outsider'] as const) {
      const { status, body } = await publish(pageId, as[role], '不行');
      expect([status, body.code]).toEqual([404, ErrorCode.dataMissing]);
    }
    expect((await publish(pageId, {}, '匿名')).status).toBe(401);
  });
});

describe('GET /api/v2/space/page/:id/version', () => {
  it('lists every version newest first for editors and only the published one for readers', async () => {
    const { as, pageId } = await buildWorld();
    expect((await versions(pageId, as.reader)).body.data.list).toEqual([]);
    for (const name of ['一', '二', '三']) await publish(pageId, as.editor, name);
    const editor = await versions(pageId, as.editor);
    expect(editor.status).toBe(200);
    expect(
      editor.body.data.list.map((item: { version: number; name: string; published: boolean }) => [
        item.version,
        item.name,
        item.published,
      ]),
    ).toEqual([
      [3, '三', true],
      [2, '二', false],
      [1, '一', false],
    ]);
    expect(editor.body.data.list[0].createdBy.nickname).toBe('测试用户');
    const reader = await versions(pageId, as.reader);
    expect(reader.body.data.list.map((item: { version: number }) => item.version)).toEqual([3]);
    expect((await versions(pageId, as.outsider)).status).toBe(404);
    // anonymous callers are visitors, and this space is not open to them
    expect((await versions(pageId, {})).status).toBe(404);
  });
});

describe('DELETE /api/v2/space/page/:id/publish', () => {
  it('unpublishes; a second time answers 900012 (409); readers then see nothing', async () => {
    const { as, pageId } = await buildWorld();
    await save(pageId, as.editor, [upsert('a')]);
    await publish(pageId, as.editor, '一');
    expect((await draftBlocks(pageId, as.reader)).blocks).toHaveLength(1);
    for (const role of ['reader', 'outsider'] as const) {
      const { status } = await call('DELETE', `/api/v2/space/page/${pageId}/publish`, as[role]);
      expect(status).toBe(404);
    }
    expect((await call('DELETE', `/api/v2/space/page/${pageId}/publish`)).status).toBe(401);

    const first = await call('DELETE', `/api/v2/space/page/${pageId}/publish`, as.editor);
    expect([first.status, first.body.code]).toEqual([200, 0]);
    const second = await call('DELETE', `/api/v2/space/page/${pageId}/publish`, as.editor);
    expect([second.status, second.body.code]).toEqual([409, ErrorCode.versionNotPublished]);

    const reader = await call('GET', `/api/v2/space/page/${pageId}/block`, as.reader);
    expect([reader.status, reader.body.code]).toEqual([404, ErrorCode.dataMissing]);
    expect((await versions(pageId, as.reader)).body.data.list).toEqual([]);
    const editor = await versions(pageId, as.editor);
    expect(editor.body.data.list).toMatchObject([{ version: 1, published: false }]);
    expect(
      (await call('GET', `/api/v2/space/page/${pageId}`, as.editor)).body.data.publishedVersion,
    ).toBeNull();
  });
});

describe('POST /api/v2/space/page/:id/version/:version/restore', () => {
  it('replaces the draft with the version and raises the revision', async () => {
    const { as, pageId } = await buildWorld();
    await save(pageId, as.editor, [upsert('a'), upsert('b'), upsert('c')]);
    await publish(pageId, as.editor, '一');
    const revision = await save(pageId, as.editor, [
      { op: 'delete', blockId: 'b' },
      upsert('a', undefined, '改了'),
      upsert('new', null),
      { op: 'move', blockId: 'c', afterBlockId: null },
    ]);
    const restored = await call(
      'POST',
      `/api/v2/space/page/${pageId}/version/1/restore`,
      as.editor,
    );
    expect(restored.status).toBe(200);
    expect(restored.body.data).toEqual({ revision: revision + 1 });
    const current = await draftBlocks(pageId, as.editor);
    expect(current).toEqual({
      version: 0,
      revision: revision + 1,
      blocks: [block('a'), block('b'), block('c')],
    });
    // the draft keeps working after a restore
    await save(pageId, as.editor, [upsert('d', 'b')]);
    expect((await draftBlocks(pageId, as.editor)).blocks.map((item: Block) => item.id)).toEqual([
      'a',
      'b',
      'd',
      'c',
    ]);
  });

  it('answers 404 for unknown versions, readers and outsiders; 400 for version 0', async () => {
    const { as, pageId } = await buildWorld();
    await publish(pageId, as.editor, '一');
    const unknown = await call('POST', `/api/v2/space/page/${pageId}/version/7/restore`, as.editor);
    expect([unknown.status, unknown.body.code]).toEqual([404, ErrorCode.dataMissing]);
    for (const role of ['reader', 'outsider'] as const) {
      const { status } = await call(
        'POST',
        `/api/v2/space/page/${pageId}/version/1/restore`,
        as[role],
      );
      expect(status).toBe(404);
    }
    expect((await call('POST', `/api/v2/space/page/${pageId}/version/1/restore`)).status).toBe(401);
    const zero = await call('POST', `/api/v2/space/page/${pageId}/version/0/restore`, as.editor);
    expect([zero.status, zero.body.code]).toEqual([400, ErrorCode.paramError]);
  });
});

describe('GET /api/v2/space/page/:id/version/:version/diff', () => {
  it('marks blocks added, removed, changed and unchanged in draft order', async () => {
    const { as, pageId } = await buildWorld();
    await save(pageId, as.editor, [upsert('a'), upsert('b'), upsert('c'), upsert('d')]);
    await publish(pageId, as.editor, '一');
    await save(pageId, as.editor, [
      { op: 'delete', blockId: 'b' },
      upsert('c', undefined, '改了'),
      upsert('x', null),
    ]);
    const { status, body } = await call(
      'GET',
      `/api/v2/space/page/${pageId}/version/1/diff`,
      as.editor,
    );
    expect(status).toBe(200);
    expect(body.data.list).toEqual([
      { blockId: 'x', change: 'added', after: block('x') },
      { blockId: 'a', change: 'unchanged', before: block('a'), after: block('a') },
      { blockId: 'b', change: 'removed', before: block('b') },
      { blockId: 'c', change: 'changed', before: block('c'), after: block('c', '改了') },
      { blockId: 'd', change: 'unchanged', before: block('d'), after: block('d') },
    ]);
  });

  it('is for editors only and answers 404 for an unknown version', async () => {
    const { as, pageId } = await buildWorld();
    await publish(pageId, as.editor, '一');
    for (const role of ['owner', 'admin', 'editor'] as const) {
      expect(
        (await call('GET', `/api/v2/space/page/${pageId}/version/1/diff`, as[role])).status,
      ).toBe(200);
    }
    for (const role of ['reader', 'outsider'] as const) {
      const { status, body } = await call(
        'GET',
        `/api/v2/space/page/${pageId}/version/1/diff`,
        as[role],
      );
      expect([status, body.code]).toEqual([404, ErrorCode.dataMissing]);
    }
    expect((await call('GET', `/api/v2/space/page/${pageId}/version/1/diff`)).status).toBe(401);
    expect(
      (await call('GET', `/api/v2/space/page/${pageId}/version/2/diff`, as.editor)).status,
    ).toBe(404);
  });
});
