import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, type Block, type BlockChange } from '@library/contract';
import { pageBlocks, spaceNodes } from '../../db/schema/index.js';
import { buildPage, buildSpaceWithRoles } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const roles = ['owner', 'admin', 'editor', 'reader'] as const;

/** A space with one user per role plus an outsider, and a page in it. */
async function buildWorld() {
  const { owner, space, as } = await buildSpaceWithRoles(t.db);
  const pageId = await insertPage(space.id, owner.id);
  return { owner, space, as, pageId };
}

const insertPage = async (spaceId: string, createdBy: number) =>
  (await buildPage(t.db, spaceId, createdBy)).id;

const call: TestApp['call'] = (...args) => t.call(...args);

const block = (id: string, text = id): Block => ({
  id,
  type: 'paragraph',
  props: { textColor: 'default' },
  content: [{ type: 'text', text, styles: {} }],
  children: [],
});

const upsert = (id: string, afterBlockId?: string | null, text = id): BlockChange => ({
  op: 'upsert',
  blockId: id,
  data: block(id, text),
  ...(afterBlockId === undefined ? {} : { afterBlockId }),
});

const save = (pageId: string, headers: Headers, baseRevision: number, changes: unknown[]) =>
  call('PUT', `/api/v2/space/page/${pageId}/block`, headers, { baseRevision, changes });

const draft = async (pageId: string, headers: Headers) =>
  (await call('GET', `/api/v2/space/page/${pageId}/block?version=0`, headers)).body.data;

const draftIds = async (pageId: string, headers: Headers) =>
  ((await draft(pageId, headers)).blocks as Block[]).map((item) => item.id);

async function rowsOf(pageId: string) {
  const rows = await t.db.select().from(pageBlocks).where(eq(pageBlocks.pageId, pageId));
  return new Map(rows.map((row) => [row.blockId, row]));
}

describe('GET /api/v2/space/page/:id', () => {
  it("offers sharing to editors by the space's editors-may-share switch", async () => {
    const { as, pageId, space } = await buildWorld();
    const canShareAs = async (who: 'editor' | 'reader') =>
      (await call('GET', `/api/v2/space/page/${pageId}`, as[who])).body.data.abilities.canShare;
    expect(await canShareAs('editor')).toBe(false);
    const settings = `/api/v1/share/space/${space.id}/settings`;
    expect((await call('PUT', settings, as.admin, { editorsMayShare: true })).status).toBe(200);
    expect([await canShareAs('editor'), await canShareAs('reader')]).toEqual([true, false]);
    // the page's ability and the space's agree
    const spaceDetail = await call('GET', `/api/v2/space/${space.id}`, as.editor);
    expect(spaceDetail.body.data.abilities.canShare).toBe(true);
    expect((await call('PUT', settings, as.admin, { editorsMayShare: false })).status).toBe(200);
    expect(await canShareAs('editor')).toBe(false);
  });

  it('shows details with abilities by role; outsiders and anonymous callers get 404', async () => {
    const { as, pageId, space, owner } = await buildWorld();
    const expected = {
      owner: { canEdit: true, canPublish: true, canComment: true, canManageComments: true },
      admin: { canEdit: true, canPublish: true, canComment: true, canManageComments: true },
      editor: { canEdit: true, canPublish: true, canComment: true, canManageComments: false },
      reader: { canEdit: false, canPublish: false, canComment: true, canManageComments: false },
    };
    // the space's editors-may-share switch is off: admins and the owner share, editors do not
    const sharing = { owner: true, admin: true, editor: false, reader: false };
    for (const role of roles) {
      const { status, body } = await call('GET', `/api/v2/space/page/${pageId}`, as[role]);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        pageId,
        spaceId: space.id,
        parentId: null,
        title: '测试页面',
        avatar: null,
        revision: 0,
        publishedVersion: null,
        createdBy: { userId: String(owner.id), nickname: '测试用户', avatar: null },
        updatedBy: null,
        abilities: { ...expected[role], canShare: sharing[role] },
      });
    }
    const outsider = await call('GET', `/api/v2/space/page/${pageId}`, as.outsider);
    expect(outsider.status).toBe(404);
    expect(outsider.body.code).toBe(ErrorCode.dataMissing);
    // anonymous callers are visitors, and this space is not open to them
    expect((await call('GET', `/api/v2/space/page/${pageId}`)).status).toBe(404);
  });

  it('answers 404 for unknown ids, deleted pages and topics, and 400 for malformed ids', async () => {
    const { as, space, owner, pageId } = await buildWorld();
    const unknown = await call('GET', `/api/v2/space/page/${crypto.randomUUID()}`, as.owner);
    expect([unknown.status, unknown.body.code]).toEqual([404, ErrorCode.dataMissing]);
    const [topic] = await t.db
      .insert(spaceNodes)
      .values({
        spaceId: space.id,
        type: 'topic',
        name: '主题',
        position: 'a1',
        createdBy: owner.id,
      })
      .returning();
    expect((await call('GET', `/api/v2/space/page/${topic!.id}`, as.owner)).status).toBe(404);
    await t.db.update(spaceNodes).set({ deletedAt: new Date() }).where(eq(spaceNodes.id, pageId));
    expect((await call('GET', `/api/v2/space/page/${pageId}`, as.owner)).status).toBe(404);
    const bad = await call('GET', '/api/v2/space/page/not-a-uuid', as.owner);
    expect([bad.status, bad.body.code]).toEqual([400, ErrorCode.paramError]);
  });

  it('names who last saved the page', async () => {
    const { as, pageId } = await buildWorld();
    await save(pageId, as.editor, 0, [upsert('a')]);
    const { body } = await call('GET', `/api/v2/space/page/${pageId}`, as.reader);
    expect(body.data.revision).toBe(1);
    expect(body.data.updatedBy.nickname).toBe('测试用户');
    expect(body.data.updatedBy.userId).not.toBe(body.data.createdBy.userId);
  });
});

describe('GET /api/v2/space/page/:id/block', () => {
  it('gives editors the draft and readers only the published version', async () => {
    const { as, pageId } = await buildWorld();
    expect((await save(pageId, as.owner, 0, [upsert('a', null, '草稿一')])).status).toBe(200);
    for (const role of ['owner', 'admin', 'editor'] as const) {
      const { status, body } = await call('GET', `/api/v2/space/page/${pageId}/block`, as[role]);
      expect(status).toBe(200);
      expect(body.data).toEqual({ version: 0, revision: 1, blocks: [block('a', '草稿一')] });
    }
    // unpublished: readers see nothing
    const hidden = await call('GET', `/api/v2/space/page/${pageId}/block?version=0`, as.reader);
    expect([hidden.status, hidden.body.code]).toEqual([404, ErrorCode.dataMissing]);

    await call('POST', `/api/v2/space/page/${pageId}/version`, as.editor, { name: 'v1' });
    await save(pageId, as.owner, 1, [upsert('a', undefined, '草稿二')]);
    await call('POST', `/api/v2/space/page/${pageId}/version`, as.editor, { name: 'v2' });
    await save(pageId, as.owner, 2, [upsert('a', undefined, '草稿三')]);

    const reader = await call('GET', `/api/v2/space/page/${pageId}/block?version=0`, as.reader);
    expect(reader.body.data).toEqual({
      version: 2,
      revision: null,
      blocks: [block('a', '草稿二')],
    });
    const explicit = await call('GET', `/api/v2/space/page/${pageId}/block?version=2`, as.reader);
    expect(explicit.body.data.blocks).toEqual([block('a', '草稿二')]);
    // an older version is not for readers, but editors may open it
    const old = await call('GET', `/api/v2/space/page/${pageId}/block?version=1`, as.reader);
    expect([old.status, old.body.code]).toEqual([404, ErrorCode.dataMissing]);
    const editorOld = await call('GET', `/api/v2/space/page/${pageId}/block?version=1`, as.editor);
    expect(editorOld.body.data).toEqual({
      version: 1,
      revision: null,
      blocks: [block('a', '草稿一')],
    });
    const missing = await call('GET', `/api/v2/space/page/${pageId}/block?version=9`, as.editor);
    expect(missing.status).toBe(404);
    expect((await draft(pageId, as.editor)).blocks).toEqual([block('a', '草稿三')]);

    expect((await call('GET', `/api/v2/space/page/${pageId}/block`, as.outsider)).status).toBe(404);
    expect((await call('GET', `/api/v2/space/page/${pageId}/block`)).status).toBe(404);
    const bad = await call('GET', `/api/v2/space/page/${pageId}/block?version=-1`, as.editor);
    expect([bad.status, bad.body.code]).toEqual([400, ErrorCode.paramError]);
  });
});

describe('PUT /api/v2/space/page/:id/block', () => {
  it('lets owners, admins and editors save; readers and outsiders get 404, anonymous 401', async () => {
    const { as, pageId } = await buildWorld();
    let revision = 0;
    for (const role of ['owner', 'admin', 'editor'] as const) {
      const { status, body } = await save(pageId, as[role], revision, [upsert(role)]);
      expect(status).toBe(200);
      expect(body.data).toEqual({ revision: revision + 1 });
      revision++;
    }
    for (const role of ['reader', 'outsider'] as const) {
      const { status, body } = await save(pageId, as[role], revision, [upsert(role)]);
      expect([status, body.code]).toEqual([404, ErrorCode.dataMissing]);
    }
    expect((await save(pageId, {}, revision, [upsert('anonymous')])).status).toBe(401);
    expect(await draftIds(pageId, as.owner)).toEqual(['owner', 'admin', 'editor']);
  });

  it('refuses a stale save with 409, the current revision, and writes nothing', async () => {
    const { as, pageId } = await buildWorld();
    await save(pageId, as.editor, 0, [upsert('a'), upsert('b')]);
    await save(pageId, as.editor, 1, [upsert('a', undefined, '新的')]);
    const before = await rowsOf(pageId);
    const { status, body } = await save(pageId, as.owner, 1, [
      upsert('a', undefined, '旧的'),
      { op: 'delete', blockId: 'b' },
    ]);
    expect(status).toBe(409);
    expect(body.code).toBe(ErrorCode.noRowsUpdated);
    expect(body.data).toEqual({ revision: 2 });
    expect(await rowsOf(pageId)).toEqual(before);
    const page = await call('GET', `/api/v2/space/page/${pageId}`, as.owner);
    expect(page.body.data.revision).toBe(2);
  });

  it('lets exactly one of concurrent saves with the same base win, round after round', async () => {
    const { as, pageId } = await buildWorld();
    await save(pageId, as.editor, 0, [upsert('a')]);
    const ids: string[] = ['a'];
    for (let round = 1; round <= 5; round++) {
      const names = ['one', 'two', 'three'].map((name) => `${name}-${round}`);
      const results = await Promise.all(
        names.map((name, index) =>
          save(pageId, index === 0 ? as.owner : as.editor, round, [
            upsert('a', undefined, name),
            upsert(name, ids.at(-1)!),
          ]),
        ),
      );
      const statuses = results.map((result) => result.status).sort();
      expect(statuses).toEqual([200, 409, 409]);
      for (const loser of results.filter((result) => result.status === 409)) {
        expect(loser.body).toMatchObject({
          code: ErrorCode.noRowsUpdated,
          data: { revision: round + 1 },
        });
      }
      const winner = names[results.findIndex((result) => result.status === 200)]!;
      ids.push(winner);
      const current = await draft(pageId, as.editor);
      expect(current.revision).toBe(round + 1);
      expect(current.blocks.map((item: Block) => item.id)).toEqual(ids);
      expect(current.blocks[0]).toEqual(block('a', winner));
    }
  });

  it('writes one row when one block changes; the others keep their updatedAt', async () => {
    const { as, pageId } = await buildWorld();
    await save(
      pageId,
      as.editor,
      0,
      ['a', 'b', 'c', 'd'].map((id) => upsert(id)),
    );
    const before = await rowsOf(pageId);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { status } = await save(pageId, as.editor, 1, [upsert('c', undefined, '改过')]);
    expect(status).toBe(200);
    const after = await rowsOf(pageId);
    for (const id of ['a', 'b', 'd']) expect(after.get(id)).toEqual(before.get(id));
    expect(after.get('c')!.updatedAt.getTime()).toBeGreaterThan(
      before.get('c')!.updatedAt.getTime(),
    );
    expect(after.get('c')!.position).toBe(before.get('c')!.position);
    expect(after.get('c')!.data).toEqual(block('c', '改过'));
  });

  it('inserts, moves and deletes by block id in the order given', async () => {
    const { as, pageId } = await buildWorld();
    await save(pageId, as.editor, 0, [upsert('a'), upsert('b'), upsert('c')]);
    const before = await rowsOf(pageId);
    const { status } = await save(pageId, as.editor, 1, [
      upsert('x', 'a'),
      upsert('y', 'x'),
      { op: 'move', blockId: 'c', afterBlockId: null },
      { op: 'delete', blockId: 'b' },
      upsert('z', null),
      { op: 'move', blockId: 'a', afterBlockId: 'y' },
    ]);
    expect(status).toBe(200);
    expect(await draftIds(pageId, as.editor)).toEqual(['z', 'c', 'x', 'y', 'a']);
    const after = await rowsOf(pageId);
    expect(after.has('b')).toBe(false);
    // a moved block keeps its data
    expect(after.get('a')!.data).toEqual(before.get('a')!.data);

    // an upsert with afterBlockId moves and replaces at once
    await save(pageId, as.editor, 2, [upsert('z', 'a', '最后')]);
    const final = await draft(pageId, as.editor);
    expect(final.blocks.map((item: Block) => item.id)).toEqual(['c', 'x', 'y', 'a', 'z']);
    expect(final.blocks.at(-1)).toEqual(block('z', '最后'));
  });

  it('keeps nested children and unknown fields of a block as sent', async () => {
    const { as, pageId } = await buildWorld();
    const nested: Block = {
      id: 'list',
      type: 'bulletListItem',
      props: { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' },
      content: [{ type: 'text', text: '第一项', styles: { bold: true } }],
      children: [
        { id: 'child', type: 'bulletListItem', props: {}, content: [], children: [block('deep')] },
      ],
    };
    await save(pageId, as.editor, 0, [
      { op: 'upsert', blockId: 'list', data: nested, afterBlockId: null },
    ]);
    expect((await draft(pageId, as.editor)).blocks).toEqual([nested]);
    expect((await rowsOf(pageId)).size).toBe(1);
  });

  it('refuses bad changes with 400 + 100002 and writes nothing', async () => {
    const { as, pageId } = await buildWorld();
    await save(pageId, as.editor, 0, [upsert('a')]);
    const attempts: unknown[][] = [
      [upsert('n', 'missing')],
      [{ op: 'move', blockId: 'missing', afterBlockId: null }],
      [{ op: 'delete', blockId: 'missing' }],
      [{ op: 'delete', blockId: 'a' }, upsert('n', 'a')],
      [{ op: 'upsert', blockId: 'n', data: block('other') }],
      [{ op: 'upsert', blockId: 'n', data: { id: 'n' } }],
      [{ op: 'upsert', blockId: 'n', data: ['n'] }],
      [upsert('x'.repeat(65))],
      [{ op: 'upsert', blockId: '', data: block('') }],
      [{ op: 'rename', blockId: 'a' }],
      [],
      Array.from({ length: 2001 }, (_, index) => upsert(`b${index}`)),
    ];
    for (const changes of attempts) {
      const { status, body } = await save(pageId, as.editor, 1, changes);
      expect([status, body.code]).toEqual([400, ErrorCode.paramError]);
    }
    const missingBase = await call('PUT', `/api/v2/space/page/${pageId}/block`, as.editor, {
      changes: [upsert('n')],
    });
    expect(missingBase.status).toBe(400);
    expect(await draftIds(pageId, as.editor)).toEqual(['a']);
    expect((await draft(pageId, as.editor)).revision).toBe(1);
  });

  it('accepts bodies up to 2 MB and refuses larger ones', async () => {
    const { as, pageId } = await buildWorld();
    const big = (id: string, size: number) => ({
      op: 'upsert',
      blockId: id,
      data: { id, type: 'codeBlock', props: { language: 'text' }, content: 'x'.repeat(size) },
    });
    const fine = await save(pageId, as.editor, 0, [big('big', 1_500_000)]);
    expect(fine.status).toBe(200);
    const tooBig = await save(pageId, as.editor, 1, [big('huge', 2_200_000)]);
    expect([tooBig.status, tooBig.body.code]).toEqual([413, ErrorCode.paramError]);
    expect(await draftIds(pageId, as.editor)).toEqual(['big']);
  });

  it('saves and loads a 2,000-block page in order, then saves one block as one row', async () => {
    const { as, pageId } = await buildWorld();
    const ids = Array.from({ length: 2000 }, (_, index) => `block-${index}`);
    const changes = ids.map((id, index) =>
      upsert(id, index === 0 ? null : ids[index - 1], `第${index}段`),
    );
    const first = await save(pageId, as.editor, 0, changes);
    expect(first.status).toBe(200);
    const loaded = await draft(pageId, as.editor);
    expect(loaded.blocks).toHaveLength(2000);
    expect(loaded.blocks.map((item: Block) => item.id)).toEqual(ids);

    const before = await rowsOf(pageId);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await save(pageId, as.editor, 1, [upsert('block-1000', undefined, '改过')]);
    const after = await rowsOf(pageId);
    const changed = ids.filter(
      (id) => after.get(id)!.updatedAt.getTime() !== before.get(id)!.updatedAt.getTime(),
    );
    expect(changed).toEqual(['block-1000']);
    // inserting in the middle of a long page still writes one row
    await save(pageId, as.editor, 2, [upsert('inserted', 'block-999')]);
    const rows = await t.db
      .select({ blockId: pageBlocks.blockId })
      .from(pageBlocks)
      .where(and(eq(pageBlocks.pageId, pageId), eq(pageBlocks.blockId, 'inserted')));
    expect(rows).toHaveLength(1);
    const order = await draftIds(pageId, as.editor);
    expect(order.slice(999, 1002)).toEqual(['block-999', 'inserted', 'block-1000']);
  });
});

describe('OpenAPI document', () => {
  it('describes the page, version and comment routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    expect(paths['/api/v2/space/page/{id}']).toHaveProperty('get');
    expect(paths['/api/v2/space/page/{id}/block']).toHaveProperty('put');
    expect(paths['/api/v2/space/page/{id}/version/{version}/diff']).toHaveProperty('get');
    expect(paths['/api/v2/space/page/{id}/comment']).toHaveProperty('get');
    expect(paths['/api/v2/space/comment/{id}']).toHaveProperty('delete');
  });
});
