import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import {
  ErrorCode,
  Role,
  starterTemplateKeys,
  type Block,
  type TemplateCreation,
  type TemplateDetail,
  type TemplateNode,
  type TemplateSummary,
} from '@library/contract';
import * as Y from 'yjs';
import { jobs, spaceNodes } from '../../db/schema/index.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import {
  addMember,
  authHeader,
  buildSpaceWithRoles,
  buildUser,
  paragraphBlock,
} from '../../../test/factories.js';
import { typeInto } from '../../../test/collab-clients.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { blocksOfDocument, loadPageDocument, logPageDocumentUpdates } from '../page/index.js';

let t: TestApp;
let sysAdmin: { id: number; headers: Record<string, string> };
beforeAll(async () => {
  t = await createTestApp();
  const admin = await buildUser(t.db, { roles: [Role.admin] });
  sysAdmin = { id: admin.id, headers: await authHeader(t.db, admin.id) };
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call: TestApp['call'] = (...args) => t.call(...args);

async function okData<T>(res: Promise<{ status: number; body: { code: number; data: unknown } }>) {
  const { status, body } = await res;
  expect(body.code, JSON.stringify(body)).toBe(0);
  expect(status).toBe(200);
  return body.data as T;
}

async function expectCode(
  res: Promise<{ status: number; body: { code: number } }>,
  code: number,
  status?: number,
) {
  const { status: got, body } = await res;
  expect(body.code, JSON.stringify(body)).toBe(code);
  if (status !== undefined) expect(got).toBe(status);
}

async function newTopic(headers: Headers, spaceId: string, name: string, parentId?: string) {
  const data = await okData<{ topicId: string }>(
    call('POST', `/api/v2/space/${spaceId}/topic`, headers, { name, parentId }),
  );
  return data.topicId;
}

async function newPage(
  headers: Headers,
  spaceId: string,
  name: string,
  blocks: Block[],
  parentId?: string,
) {
  const { pageId } = await okData<{ pageId: string }>(
    call('POST', `/api/v2/space/${spaceId}/page`, headers, { name, parentId }),
  );
  let afterBlockId: string | null = null;
  const changes = blocks.map((block) => {
    const change = { op: 'upsert', blockId: block.id, data: block, afterBlockId };
    afterBlockId = block.id;
    return change;
  });
  await okData(
    call('PUT', `/api/v2/space/page/${pageId}/block`, headers, { baseRevision: 0, changes }),
  );
  return pageId;
}

async function draftOf(headers: Headers, pageId: string) {
  const data = await okData<{ blocks: Block[] }>(
    call('GET', `/api/v2/space/page/${pageId}/block?version=0`, headers),
  );
  return data.blocks;
}

function textsOf(blocks: unknown[]): string[] {
  return blocks.flatMap((block) => {
    const record = block as { content?: unknown; children?: unknown[] };
    const own = Array.isArray(record.content)
      ? [record.content.map((run: { text?: string }) => run.text ?? '').join('')]
      : [];
    return [...own, ...textsOf(record.children ?? [])];
  });
}

function namesOf(node: TemplateNode): string[] {
  return node.type === 'topic' ? [node.name, ...node.children.flatMap(namesOf)] : [node.name];
}

async function liveChildren(spaceId: string, parentId: string | null) {
  return t.db
    .select()
    .from(spaceNodes)
    .where(
      and(
        eq(spaceNodes.spaceId, spaceId),
        parentId === null ? isNull(spaceNodes.parentId) : eq(spaceNodes.parentId, parentId),
        isNull(spaceNodes.deletedAt),
      ),
    );
}

async function switchOff(userId: number, feature: string) {
  await okData(
    call('PUT', `/api/system/v1/users/${userId}/permission`, sysAdmin.headers, {
      overrides: { [feature]: false },
    }),
  );
}

describe('starter templates', () => {
  it('serves the ten starters in the caller’s language', async () => {
    const { as } = await buildSpaceWithRoles(t.db);
    const names = async (locale: string) => {
      const data = await okData<{ list: TemplateSummary[] }>(
        call('GET', '/api/v1/template/starter', { ...as.reader, locale }),
      );
      expect(data.list.map((item) => item.templateId)).toEqual([...starterTemplateKeys]);
      for (const item of data.list) {
        expect(item).toMatchObject({ scope: 'starter', kind: 'page', pageCount: 1 });
        expect(item.description.length).toBeGreaterThan(5);
        expect(item.cover).toBeTruthy();
      }
      return data.list.map((item) => item.name);
    };
    const zhCN = await names('zh_CN');
    expect(zhCN.slice(0, 4)).toEqual(['会议纪要', '周报', '产品需求文档', '新人入职指南']);
    expect(zhCN).toContain('OKR');
    expect(await names('en_US')).toContain('Meeting notes');
    const zhTW = await names('zh_TW');
    expect(zhTW[0]).toBe('會議紀要');
    expect(zhTW).toContain('專案計劃');

    const detail = await okData<TemplateDetail>(
      call('GET', '/api/v1/template/starter/meeting-notes', { ...as.reader, locale: 'en_US' }),
    );
    expect(detail.root.type).toBe('page');
    const blocks = detail.root.type === 'page' ? detail.root.blocks : [];
    expect(blocks.map((block) => block.type)).toEqual(
      expect.arrayContaining(['heading', 'table', 'numberedListItem', 'bulletListItem']),
    );
    expect(textsOf(blocks)).toContain('Action items');

    await expectCode(
      call('GET', '/api/v1/template/starter/no-such-thing', as.reader),
      ErrorCode.paramError,
      400,
    );
    await expectCode(call('GET', '/api/v1/template/starter', {}), ErrorCode.tokenExpired, 401);
  });

  it('creates a page from a starter where the caller may create pages, with its index job', async () => {
    const { space, ids, as } = await buildSpaceWithRoles(t.db);
    const topicId = await newTopic(as.editor, space.id, '例会');
    const created = await okData<TemplateCreation>(
      call('POST', '/api/v1/template/starter/meeting-notes/use', as.editor, {
        spaceId: space.id,
        parentId: topicId,
      }),
    );
    expect(created).toMatchObject({ creationId: null, state: 'done', kind: 'page' });
    const [page] = await t.db.select().from(spaceNodes).where(eq(spaceNodes.id, created.nodeId!));
    expect(page).toMatchObject({ name: '会议纪要', parentId: topicId, avatar: '📝' });
    const texts = textsOf(await draftOf(as.editor, page!.id));
    expect(texts).toEqual(expect.arrayContaining(['会议议题', '讨论要点', '待办事项']));
    const queued = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, Job.indexPage.kind), eq(jobs.key, page!.id)));
    expect(queued).toHaveLength(1);

    // a reader, an outsider and a missing parent: like creating a page by hand
    for (const who of ['reader', 'outsider'] as const) {
      await expectCode(
        call('POST', '/api/v1/template/starter/okr/use', as[who], { spaceId: space.id }),
        ErrorCode.dataMissing,
        404,
      );
    }
    await expectCode(
      call('POST', '/api/v1/template/starter/okr/use', as.editor, {
        spaceId: space.id,
        parentId: created.nodeId,
      }),
      ErrorCode.dataMissing,
      404,
    );
    await switchOff(ids.editor, 'createPage');
    await expectCode(
      call('POST', '/api/v1/template/starter/okr/use', as.editor, { spaceId: space.id }),
      ErrorCode.noCreatePage,
      403,
    );
    expect((await liveChildren(space.id, null)).map((node) => node.name)).toEqual(['例会']);
  });
});

describe('space templates', () => {
  it('are saved, listed, edited and deleted by the space’s admins; editors list and use them', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const pageId = await newPage(as.editor, space.id, '周会', [
      paragraphBlock('b1', '本周议题'),
      paragraphBlock('b2', '结论'),
    ]);
    const body = { scope: 'space', nodeId: pageId, name: '我们的周会', description: '每周一' };
    // editors edit the page but do not manage the space's templates; readers cannot edit it
    await expectCode(call('POST', '/api/v1/template', as.editor, body), ErrorCode.dataMissing, 404);
    await expectCode(call('POST', '/api/v1/template', as.reader, body), ErrorCode.dataMissing, 404);
    await expectCode(
      call('POST', '/api/v1/template', as.outsider, body),
      ErrorCode.dataMissing,
      404,
    );
    const saved = await okData<TemplateDetail>(call('POST', '/api/v1/template', as.admin, body));
    expect(saved).toMatchObject({
      scope: 'space',
      spaceId: space.id,
      kind: 'page',
      name: '我们的周会',
      description: '每周一',
      pageCount: 1,
    });
    expect(saved.root.type === 'page' && textsOf(saved.root.blocks)).toEqual(['本周议题', '结论']);

    const list = `/api/v1/template?scope=space&spaceId=${space.id}`;
    for (const who of ['owner', 'admin', 'editor'] as const) {
      const data = await okData<{ list: TemplateSummary[] }>(call('GET', list, as[who]));
      expect(data.list.map((item) => item.templateId)).toEqual([saved.templateId]);
    }
    // the snapshot holds drafts: readers neither list nor preview it
    await expectCode(call('GET', list, as.reader), ErrorCode.dataMissing, 404);
    await expectCode(
      call('GET', `/api/v1/template/${saved.templateId}`, as.reader),
      ErrorCode.dataMissing,
      404,
    );
    await expectCode(
      call('GET', '/api/v1/template?scope=space', as.admin),
      ErrorCode.paramError,
      400,
    );

    await expectCode(
      call('PUT', `/api/v1/template/${saved.templateId}`, as.editor, { name: '改名' }),
      ErrorCode.dataMissing,
      404,
    );
    const edited = await okData<TemplateDetail>(
      call('PUT', `/api/v1/template/${saved.templateId}`, as.admin, {
        name: '周会模板',
        cover: '🗓️',
      }),
    );
    expect(edited).toMatchObject({ name: '周会模板', cover: '🗓️', description: '每周一' });

    // an editor makes a page from it in this space, not in another one
    const made = await okData<TemplateCreation>(
      call('POST', `/api/v1/template/${saved.templateId}/use`, as.editor, {
        spaceId: space.id,
        name: '第 12 周周会',
      }),
    );
    expect(made.state).toBe('done');
    const blocks = await draftOf(as.editor, made.nodeId!);
    expect(textsOf(blocks)).toEqual(['本周议题', '结论']);
    expect(blocks.map((block) => block.id)).not.toContain('b1');
    const other = await buildSpaceWithRoles(t.db);
    await addMember(t.db, other.space.id, (await userOf(as.editor)).id, 'editor');
    await expectCode(
      call('POST', `/api/v1/template/${saved.templateId}/use`, as.editor, {
        spaceId: other.space.id,
      }),
      ErrorCode.dataMissing,
      404,
    );
    await expectCode(
      call('POST', `/api/v1/template/${saved.templateId}/use`, as.reader, { spaceId: space.id }),
      ErrorCode.dataMissing,
      404,
    );

    await expectCode(
      call('DELETE', `/api/v1/template/${saved.templateId}`, as.editor),
      ErrorCode.dataMissing,
      404,
    );
    await okData(call('DELETE', `/api/v1/template/${saved.templateId}`, as.admin));
    await expectCode(
      call('GET', `/api/v1/template/${saved.templateId}`, as.admin),
      ErrorCode.dataMissing,
      404,
    );
  });
});

async function userOf(headers: Headers) {
  return okData<{ userId: string }>(call('GET', '/api/v1/user', headers)).then((user) => ({
    id: Number(user.userId),
  }));
}

describe('system templates', () => {
  it('are kept by holders of templates:write and listed for everyone', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    await addMember(t.db, space.id, sysAdmin.id, 'editor');
    const pageId = await newPage(as.editor, space.id, '规章制度', [paragraphBlock('p', '第一条')]);
    const body = { scope: 'system', nodeId: pageId, name: '制度模板' };
    // a space's owner who is no administrator
    await expectCode(
      call('POST', '/api/v1/template', as.owner, body),
      ErrorCode.permissionCheckFailed,
      403,
    );
    const saved = await okData<TemplateDetail>(
      call('POST', '/api/v1/template', sysAdmin.headers, body),
    );
    expect(saved).toMatchObject({ scope: 'system', spaceId: null, name: '制度模板' });

    // anyone lists and uses it, in a space where they may create pages
    const listed = await okData<{ list: TemplateSummary[] }>(
      call('GET', '/api/v1/template?scope=system', as.outsider),
    );
    expect(listed.list.map((item) => item.templateId)).toContain(saved.templateId);
    const elsewhere = await buildSpaceWithRoles(t.db);
    const made = await okData<TemplateCreation>(
      call('POST', `/api/v1/template/${saved.templateId}/use`, elsewhere.as.editor, {
        spaceId: elsewhere.space.id,
      }),
    );
    expect(textsOf(await draftOf(elsewhere.as.editor, made.nodeId!))).toEqual(['第一条']);

    await expectCode(
      call('PUT', `/api/v1/template/${saved.templateId}`, as.owner, { name: 'x' }),
      ErrorCode.permissionCheckFailed,
      403,
    );
    await expectCode(
      call('DELETE', `/api/v1/template/${saved.templateId}`, as.owner),
      ErrorCode.permissionCheckFailed,
      403,
    );
    await okData(call('DELETE', `/api/v1/template/${saved.templateId}`, sysAdmin.headers));
  });

  it('an administrator cannot save what they cannot edit', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    await addMember(t.db, space.id, sysAdmin.id, 'reader');
    const pageId = await newPage(as.editor, space.id, '草稿', [paragraphBlock('p', '未发布')]);
    await expectCode(
      call('POST', '/api/v1/template', sysAdmin.headers, {
        scope: 'system',
        nodeId: pageId,
        name: '不该有',
      }),
      ErrorCode.dataMissing,
      404,
    );
  });
});

describe('topic templates', () => {
  async function topicWithSubtree() {
    const roles = await buildSpaceWithRoles(t.db);
    const { space, as } = roles;
    const topicId = await newTopic(as.editor, space.id, '项目 A');
    await newPage(as.editor, space.id, '计划', [paragraphBlock('p1', '里程碑')], topicId);
    const inner = await newTopic(as.editor, space.id, '会议', topicId);
    await newPage(as.editor, space.id, '启动会', [paragraphBlock('p2', '议程')], inner);
    const gone = await newPage(
      as.editor,
      space.id,
      '已删除',
      [paragraphBlock('p3', '秘密')],
      inner,
    );
    await okData(call('DELETE', `/api/v2/space/page/${gone}`, as.editor));
    await okData(
      call('POST', `/api/v2/space/${space.id}/link`, as.editor, {
        name: '官网',
        url: 'https://example.com/',
        parentId: topicId,
      }),
    );
    // beside the topic, not in it
    await newPage(as.editor, space.id, '别的页面', [paragraphBlock('p4', '无关')]);
    return { ...roles, topicId };
  }

  it('snapshots the live subtree only, and makes it as a pending creation that holds the template', async () => {
    const { space, as, topicId } = await topicWithSubtree();
    const saved = await okData<TemplateDetail>(
      call('POST', '/api/v1/template', as.admin, {
        scope: 'space',
        nodeId: topicId,
        name: '项目模板',
      }),
    );
    expect(saved).toMatchObject({ kind: 'topic', pageCount: 2 });
    expect(namesOf(saved.root)).toEqual(['项目 A', '计划', '会议', '启动会', '官网']);
    expect(JSON.stringify(saved.root)).not.toContain('秘密');
    expect(JSON.stringify(saved.root)).not.toContain('无关');

    const target = await newTopic(as.editor, space.id, '新项目');
    const pending = await okData<TemplateCreation>(
      call('POST', `/api/v1/template/${saved.templateId}/use`, as.editor, {
        spaceId: space.id,
        parentId: target,
        name: '项目 B',
      }),
    );
    expect(pending).toMatchObject({ state: 'pending', kind: 'topic', nodeId: null });
    await expectCode(
      call('DELETE', `/api/v1/template/${saved.templateId}`, as.admin),
      ErrorCode.templateInUse,
      409,
    );
    // only its creator follows it
    await expectCode(
      call('GET', `/api/v1/template/creation/${pending.creationId}`, as.admin),
      ErrorCode.dataMissing,
      404,
    );

    await t.jobs.drain();
    const done = await okData<TemplateCreation>(
      call('GET', `/api/v1/template/creation/${pending.creationId}`, as.editor),
    );
    expect(done).toMatchObject({ state: 'done', errorCode: null });
    const [made] = await liveChildren(space.id, target);
    expect(made).toMatchObject({ id: done.nodeId, name: '项目 B', type: 'topic' });
    const children = await liveChildren(space.id, made!.id);
    expect(children.map((node) => node.name).sort()).toEqual(['会议', '官网', '计划']);
    const plan = children.find((node) => node.name === '计划')!;
    expect(textsOf(await draftOf(as.editor, plan.id))).toEqual(['里程碑']);

    await okData(call('DELETE', `/api/v1/template/${saved.templateId}`, as.admin));
  });

  it('a creation that cannot be made fails whole, with the code, and frees the template', async () => {
    const { space, as, topicId } = await topicWithSubtree();
    const saved = await okData<TemplateDetail>(
      call('POST', '/api/v1/template', as.owner, {
        scope: 'space',
        nodeId: topicId,
        name: '项目模板',
      }),
    );
    const target = await newTopic(as.editor, space.id, '将被删除');
    const pending = await okData<TemplateCreation>(
      call('POST', `/api/v1/template/${saved.templateId}/use`, as.editor, {
        spaceId: space.id,
        parentId: target,
      }),
    );
    // the place goes away before the job runs
    await okData(call('DELETE', `/api/v2/space/topic/${target}`, as.editor));
    const before = (await t.db.select().from(spaceNodes).where(eq(spaceNodes.spaceId, space.id)))
      .length;
    await t.jobs.drain();
    const failed = await okData<TemplateCreation>(
      call('GET', `/api/v1/template/creation/${pending.creationId}`, as.editor),
    );
    expect(failed).toMatchObject({
      state: 'failed',
      nodeId: null,
      errorCode: ErrorCode.dataMissing,
    });
    const after = (await t.db.select().from(spaceNodes).where(eq(spaceNodes.spaceId, space.id)))
      .length;
    expect(after).toBe(before);
    await okData(call('DELETE', `/api/v1/template/${saved.templateId}`, as.owner));
  });

  it('refuses at once a topic creation the caller may not make', async () => {
    const { space, ids, as, topicId } = await topicWithSubtree();
    const saved = await okData<TemplateDetail>(
      call('POST', '/api/v1/template', as.owner, {
        scope: 'space',
        nodeId: topicId,
        name: '项目模板',
      }),
    );
    await expectCode(
      call('POST', `/api/v1/template/${saved.templateId}/use`, as.reader, { spaceId: space.id }),
      ErrorCode.dataMissing,
      404,
    );
    await switchOff(ids.editor, 'createTopic');
    await expectCode(
      call('POST', `/api/v1/template/${saved.templateId}/use`, as.editor, { spaceId: space.id }),
      ErrorCode.noCreateTopic,
      403,
    );
    // nothing pending: the template can go
    await okData(call('DELETE', `/api/v1/template/${saved.templateId}`, as.owner));
  });
});

describe('filling an empty page from a template', () => {
  async function emptyPage(headers: Headers, spaceId: string, name = '新页面') {
    const { pageId } = await okData<{ pageId: string }>(
      call('POST', `/api/v2/space/${spaceId}/page`, headers, { name }),
    );
    return pageId;
  }

  it('puts a starter’s blocks into a new page, with fresh ids and its index job', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const pageId = await emptyPage(as.editor, space.id);
    const filled = await okData<{ revision: number }>(
      call('POST', '/api/v1/template/starter/meeting-notes/fill', as.editor, {
        pageId,
        baseRevision: 0,
      }),
    );
    expect(filled.revision).toBe(1);
    const blocks = await draftOf(as.editor, pageId);
    expect(textsOf(blocks)).toEqual(expect.arrayContaining(['会议议题', '讨论要点', '待办事项']));
    const again = await okData<TemplateDetail>(
      call('GET', '/api/v1/template/starter/meeting-notes', as.editor),
    );
    const starterIds = again.root.type === 'page' ? again.root.blocks.map((b) => b.id) : [];
    expect(blocks.map((block) => block.id).filter((id) => starterIds.includes(id))).toEqual([]);
    const queued = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, Job.indexPage.kind), eq(jobs.key, pageId)));
    expect(queued).toHaveLength(1);
    // the page is not empty any more: a second fill (at the new revision) is refused
    await expectCode(
      call('POST', '/api/v1/template/starter/okr/fill', as.editor, { pageId, baseRevision: 1 }),
      ErrorCode.noRowsUpdated,
      409,
    );
    expect(textsOf(await draftOf(as.editor, pageId))).toEqual(textsOf(blocks));
  });

  it('fills a page holding only the editor’s empty paragraph, not one at another revision', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const pageId = await newPage(as.editor, space.id, '空白', [
      { id: 'e1', type: 'paragraph', props: {}, content: [], children: [] },
    ]);
    await expectCode(
      call('POST', '/api/v1/template/starter/okr/fill', as.editor, { pageId, baseRevision: 0 }),
      ErrorCode.noRowsUpdated,
      409,
    );
    await okData(
      call('POST', '/api/v1/template/starter/okr/fill', as.editor, { pageId, baseRevision: 1 }),
    );
    const blocks = await draftOf(as.editor, pageId);
    expect(blocks.map((block) => block.id)).not.toContain('e1');
    expect(textsOf(blocks).length).toBeGreaterThan(2);
  });

  it('does not fill a page someone is typing in live, though its rows are still empty', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const pageId = await newPage(as.editor, space.id, '空白', [
      { id: 'e1', type: 'paragraph', props: {}, content: [], children: [] },
    ]);
    // a keystroke logged by the live editing socket, not yet derived into the rows
    const stored = await loadPageDocument(t.db, pageId);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, stored.update);
    const typed: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => typed.push(update));
    typeInto(doc, 'e1', 0, '正在输入');
    await logPageDocumentUpdates(t.db, pageId, typed, 'test');
    expect(textsOf(await draftOf(as.editor, pageId))).toEqual(['']);

    await expectCode(
      call('POST', '/api/v1/template/starter/okr/fill', as.editor, { pageId, baseRevision: 1 }),
      ErrorCode.noRowsUpdated,
      409,
    );
    // the refusal changed nothing: the live document still holds what was typed
    const after = new Y.Doc();
    Y.applyUpdate(after, (await loadPageDocument(t.db, pageId)).update);
    expect(textsOf(blocksOfDocument(after))).toEqual(['正在输入']);
  });

  it('needs edit access to the page, a page template, and a space template of the page’s space', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const pageId = await emptyPage(as.editor, space.id);
    for (const who of ['reader', 'outsider'] as const) {
      await expectCode(
        call('POST', '/api/v1/template/starter/okr/fill', as[who], { pageId, baseRevision: 0 }),
        ErrorCode.dataMissing,
        404,
      );
    }
    const topicId = await newTopic(as.editor, space.id, '项目');
    await expectCode(
      call('POST', '/api/v1/template/starter/okr/fill', as.editor, {
        pageId: topicId,
        baseRevision: 0,
      }),
      ErrorCode.dataMissing,
      404,
    );
    await expectCode(
      call('POST', '/api/v1/template/starter/okr/fill', as.editor, { pageId, baseRevision: -1 }),
      ErrorCode.paramError,
      400,
    );
    await expectCode(
      call('POST', '/api/v1/template/starter/nope/fill', as.editor, { pageId, baseRevision: 0 }),
      ErrorCode.paramError,
      400,
    );

    const source = await newPage(as.editor, space.id, '周会', [paragraphBlock('s1', '本周议题')]);
    const pageTemplate = await okData<TemplateDetail>(
      call('POST', '/api/v1/template', as.admin, { scope: 'space', nodeId: source, name: '周会' }),
    );
    const topicTemplate = await okData<TemplateDetail>(
      call('POST', '/api/v1/template', as.admin, { scope: 'space', nodeId: topicId, name: '项目' }),
    );
    await expectCode(
      call('POST', `/api/v1/template/${topicTemplate.templateId}/fill`, as.editor, {
        pageId,
        baseRevision: 0,
      }),
      ErrorCode.paramError,
      400,
    );
    // a space template stays in its space
    const other = await buildSpaceWithRoles(t.db);
    const elsewhere = await emptyPage(other.as.owner, other.space.id);
    await addMember(t.db, other.space.id, (await userOf(as.editor)).id, 'editor');
    await expectCode(
      call('POST', `/api/v1/template/${pageTemplate.templateId}/fill`, as.editor, {
        pageId: elsewhere,
        baseRevision: 0,
      }),
      ErrorCode.dataMissing,
      404,
    );
    await expectCode(
      call('POST', `/api/v1/template/${crypto.randomUUID()}/fill`, as.editor, {
        pageId,
        baseRevision: 0,
      }),
      ErrorCode.dataMissing,
      404,
    );
    await okData(
      call('POST', `/api/v1/template/${pageTemplate.templateId}/fill`, as.editor, {
        pageId,
        baseRevision: 0,
      }),
    );
    expect(textsOf(await draftOf(as.editor, pageId))).toEqual(['本周议题']);
  });
});
