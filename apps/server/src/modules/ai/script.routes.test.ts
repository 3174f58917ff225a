import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ErrorCode, type Block } from '@library/contract';
import { buildSpaceWithRoles, upsertChanges } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { blocksOfDocument, loadPageDocument } from '../page/index.js';
import { insertContent } from '../tree/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const call: TestApp['call'] = (...args) => t.call(...args);

const text = (value: string, styles: Record<string, unknown> = {}) => ({
  type: 'text',
  text: value,
  styles,
});

/** Blocks with what must survive a conversion: a link, inline code, a mention, a code block. */
function pageBlocks(prefix: string): Block[] {
  return [
    {
      id: `${prefix}-h`,
      type: 'heading',
      props: { level: 2 },
      content: [text('软件的下载')],
      children: [],
    },
    {
      id: `${prefix}-p`,
      type: 'paragraph',
      props: {},
      content: [
        text('请用'),
        { type: 'link', href: 'https://example.com/软件', content: [text('鼠标', { bold: true })] },
        text('打开'),
        text('软件.exe', { code: true }),
        { type: 'mention', props: { userId: '1' } },
      ],
      children: [],
    },
    {
      id: `${prefix}-code`,
      type: 'codeBlock',
      props: { language: 'python' },
      content: [text('# 软件\nprint("鼠标")')],
      children: [],
    },
  ];
}

const traditionalBlocks = (prefix: string): Block[] => {
  const [heading, paragraph, code] = pageBlocks(prefix);
  return [
    { ...heading!, content: [text('軟體的下載')] },
    {
      ...paragraph!,
      content: [
        text('請用'),
        { type: 'link', href: 'https://example.com/软件', content: [text('滑鼠', { bold: true })] },
        text('開啟'),
        text('软件.exe', { code: true }),
        { type: 'mention', props: { userId: '1' } },
      ],
    },
    code!,
  ];
};

async function page(
  spaceId: string,
  headers: Headers,
  name: string,
  blocks: Block[],
  parentId?: string,
) {
  const created = await call('POST', `/api/v2/space/${spaceId}/page`, headers, {
    name,
    ...(parentId ? { parentId } : {}),
  });
  expect(created.status).toBe(200);
  const pageId = created.body.data.pageId as string;
  if (blocks.length === 0) return pageId;
  const changes = upsertChanges(blocks);
  const saved = await call('PUT', `/api/v2/space/page/${pageId}/block`, headers, {
    baseRevision: 0,
    changes,
  });
  expect(saved.status).toBe(200);
  return pageId;
}

async function topic(spaceId: string, headers: Headers, name: string, parentId?: string) {
  const created = await call('POST', `/api/v2/space/${spaceId}/topic`, headers, {
    name,
    ...(parentId ? { parentId } : {}),
  });
  expect(created.status).toBe(200);
  return created.body.data.topicId as string;
}

async function blocksOf(pageId: string, headers: Headers) {
  const res = await call('GET', `/api/v2/space/page/${pageId}/block`, headers);
  expect(res.status).toBe(200);
  return res.body.data as { revision: number; blocks: Block[] };
}

async function detailOf(pageId: string, headers: Headers) {
  const res = await call('GET', `/api/v2/space/page/${pageId}`, headers);
  expect(res.status).toBe(200);
  return res.body.data as { title: string; parentId: string | null; revision: number };
}

interface TreeNode {
  type: string;
  name: string;
  topicId?: string;
  pageId?: string;
  children?: TreeNode[];
}
async function treeOf(spaceId: string, headers: Headers) {
  const res = await call('GET', `/api/v2/space/${spaceId}/tree`, headers);
  expect(res.status).toBe(200);
  return res.body.data as TreeNode[];
}

const convert = (headers: Headers, body: Record<string, unknown>) =>
  call('POST', '/api/v1/ai/convert', headers, body);

describe('POST /api/v1/ai/convert', () => {
  it('converts a page in place, keeping links, mentions and code, and a second time changes nothing', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const pageId = await page(space.id, as.editor, '软件手册', pageBlocks('a'));
    const first = await convert(as.editor, { pageId, action: 'toTraditional', mode: 'inPlace' });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ pages: 1, changed: 1, pageId });
    const converted = await blocksOf(pageId, as.editor);
    expect(converted.blocks).toEqual(traditionalBlocks('a'));
    expect((await detailOf(pageId, as.editor)).title).toBe('軟體手冊');

    const second = await convert(as.editor, { pageId, action: 'toTraditional', mode: 'inPlace' });
    expect(second.body.data).toEqual({ pages: 1, changed: 0, pageId });
    const again = await blocksOf(pageId, as.editor);
    expect(again).toEqual(converted); // the revision too

    const back = await convert(as.editor, { pageId, action: 'toSimplified', mode: 'inPlace' });
    expect(back.body.data).toEqual({ pages: 1, changed: 1, pageId });
    expect((await blocksOf(pageId, as.editor)).blocks).toEqual(pageBlocks('a'));
    expect((await detailOf(pageId, as.editor)).title).toBe('软件手册');
  });

  it('writes into the live document of a page open in the editor', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const pageId = await page(space.id, as.editor, '页面', pageBlocks('live'));
    await loadPageDocument(t.db, pageId); // an editor opened it: the document is the draft now
    const res = await convert(as.editor, { pageId, action: 'toTraditional', mode: 'inPlace' });
    expect(res.body.data.changed).toBe(1);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, (await loadPageDocument(t.db, pageId)).update);
    // the document holds BlockNote's default props besides the ones saved
    expect(blocksOfDocument(doc)).toMatchObject(traditionalBlocks('live'));
    doc.destroy();
  });

  it('copies a page beside the original in Hong Kong’s Traditional, leaving the original', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const topicId = await topic(space.id, as.editor, '文档');
    const pageId = await page(space.id, as.editor, '软件手册', pageBlocks('b'), topicId);
    const res = await convert(as.editor, {
      pageId,
      action: 'toTraditional',
      instruction: 'hk',
      mode: 'copy',
    });
    expect(res.status).toBe(200);
    const copyId = res.body.data.pageId as string;
    expect(copyId).not.toBe(pageId);
    expect(res.body.data).toEqual({ pages: 1, changed: 1, pageId: copyId });
    const copy = await detailOf(copyId, as.editor);
    expect(copy).toMatchObject({ title: '軟件手冊', parentId: topicId });
    const blocks = (await blocksOf(copyId, as.editor)).blocks;
    expect(blocks.map((block) => block.type)).toEqual(['heading', 'paragraph', 'codeBlock']);
    expect(blocks.map((block) => block.id)).not.toContain('b-p'); // fresh ids
    expect(blocks[0]!.content).toEqual([text('軟件的下載')]);
    expect(blocks[1]!.content).toEqual([
      text('請用'),
      { type: 'link', href: 'https://example.com/软件', content: [text('鼠標', { bold: true })] },
      text('打開'),
      text('软件.exe', { code: true }),
      { type: 'mention', props: { userId: '1' } },
    ]);
    expect(blocks[2]!.content).toEqual(pageBlocks('b')[2]!.content);
    expect((await blocksOf(pageId, as.editor)).blocks).toEqual(pageBlocks('b'));
  });

  it('copies a whole topic as a new topic of converted copies, and converts one in place', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const topicId = await topic(space.id, as.editor, '软件');
    await page(space.id, as.editor, '鼠标', pageBlocks('c1'), topicId);
    const inner = await topic(space.id, as.editor, '网络', topicId);
    await page(space.id, as.editor, '信息', pageBlocks('c2'), inner);

    const copied = await convert(as.editor, { topicId, action: 'toTraditional', mode: 'copy' });
    expect(copied.status).toBe(200);
    expect(copied.body.data).toMatchObject({ pages: 2, changed: 2 });
    const copyId = copied.body.data.topicId as string;
    const tree = await treeOf(space.id, as.editor);
    expect(tree.map((node) => node.name)).toEqual(['软件', '軟體']);
    const copy = tree.find((node) => node.topicId === copyId)!;
    expect(copy.children!.map((node) => [node.type, node.name])).toEqual([
      ['page', '滑鼠'],
      ['topic', '網路'],
    ]);
    const copiedPage = copy.children![0]!.pageId!;
    const copiedBlocks = (await blocksOf(copiedPage, as.editor)).blocks;
    expect(copiedBlocks.map(({ id: _id, ...rest }) => rest)).toEqual(
      traditionalBlocks('c1').map(({ id: _id, ...rest }) => rest),
    );
    expect(copy.children![1]!.children!.map((node) => node.name)).toEqual(['資訊']);

    const inPlace = await convert(as.editor, { topicId, action: 'toTraditional', mode: 'inPlace' });
    expect(inPlace.body.data).toEqual({ pages: 2, changed: 2, topicId });
    const after = (await treeOf(space.id, as.editor)).find((node) => node.topicId === topicId)!;
    expect(after.name).toBe('軟體');
    expect(after.children!.map((node) => node.name)).toEqual(['滑鼠', '網路']);
    const original = after.children![0]!.pageId!;
    expect((await blocksOf(original, as.editor)).blocks).toEqual(traditionalBlocks('c1'));
  });

  it('looks missing to readers and outsiders, and changes nothing for them', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const topicId = await topic(space.id, as.editor, '软件');
    const pageId = await page(space.id, as.editor, '软件', pageBlocks('d'), topicId);
    for (const headers of [as.reader, as.outsider]) {
      for (const body of [
        { pageId, action: 'toTraditional', mode: 'inPlace' },
        { pageId, action: 'toTraditional', mode: 'copy' },
        { topicId, action: 'toSimplified', mode: 'inPlace' },
      ]) {
        const res = await convert(headers, body);
        expect(res.status).toBe(404);
        expect(res.body.code).toBe(ErrorCode.dataMissing);
      }
    }
    expect((await blocksOf(pageId, as.editor)).blocks).toEqual(pageBlocks('d'));
    expect((await treeOf(space.id, as.editor)).length).toBe(1);
    // a page id given as a topic's is missing too
    const wrong = await convert(as.editor, {
      topicId: pageId,
      action: 'toTraditional',
      mode: 'copy',
    });
    expect(wrong.status).toBe(404);
  });

  it('takes exactly one of a page and a topic, and at most 500 pages', async () => {
    const { space, owner, as } = await buildSpaceWithRoles(t.db);
    const pageId = await page(space.id, as.editor, '页', []);
    for (const body of [
      { action: 'toTraditional', mode: 'copy' },
      { pageId, topicId: pageId, action: 'toTraditional', mode: 'copy' },
      { pageId, action: 'polish', mode: 'copy' },
      { pageId, action: 'toTraditional', instruction: 'mo', mode: 'copy' },
    ]) {
      const res = await convert(as.editor, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.paramError);
    }
    const [big] = await insertContent(t.db, owner.id, space.id, null, [
      {
        type: 'topic',
        name: '大',
        children: Array.from({ length: 501 }, (_, i) => ({ type: 'page', name: `页${i}` })),
      },
    ]);
    const res = await convert(as.editor, {
      topicId: big!.id,
      action: 'toTraditional',
      mode: 'inPlace',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.paramError);
    expect(JSON.stringify(res.body)).toContain('500');
  });
});
