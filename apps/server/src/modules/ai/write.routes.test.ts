import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  aiWriteModelActions,
  aiWriteMonthOf,
  ErrorCode,
  type AiWriteEvent,
  type Block,
} from '@library/contract';
import { aiProviders, aiWriteUses } from '../../db/schema/index.js';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../test/fakes/openai.js';
import {
  authHeader,
  buildSpaceWithRoles,
  buildUser,
  paragraphBlock,
  upsertChanges,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let fake: FakeOpenAiServer;
let origin: string;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
  fake = await startFakeOpenAi();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const admin = await buildUser(t.db, { roles: ['ADMIN'] });
  adminHeaders = await authHeader(t.db, admin.id);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  fake.chat = { kind: 'stream', pieces: ['好的'] };
  await setProvider();
});

type Headers = Record<string, string>;
const call: TestApp['call'] = (...args) => t.call(...args);

async function setProvider() {
  await t.db.delete(aiProviders);
  const res = await call('POST', '/api/system/v1/ai/provider', adminHeaders, {
    name: '测试模型',
    baseUrl: fake.baseUrl,
    apiKey: 'sk-secret-123',
    chatModel: 'fake-chat',
  });
  expect(res.status).toBe(200);
}

const text = (value: string, styles: Record<string, boolean> = {}) => ({
  type: 'text',
  text: value,
  styles,
});
const block = (id: string, type: string, content: unknown, props: Record<string, unknown> = {}) =>
  ({ id, type, props, content, children: [] }) as Block;

/** A space with roles and AI on, and a page '长城' of three paragraphs. */
async function buildWorld(options: { aiOn?: boolean } = {}) {
  const world = await buildSpaceWithRoles(t.db);
  const { space, as } = world;
  const created = await call('POST', `/api/v2/space/${space.id}/page`, as.owner, { name: '长城' });
  const pageId = created.body.data.pageId as string;
  const blocks = [
    paragraphBlock('b1', '长城是古代中国的防御工程。'),
    paragraphBlock('b2', '它东起山海关，西至嘉峪关。'),
    paragraphBlock('b3', '如今是著名的旅游景点。'),
  ];
  const changes = upsertChanges(blocks);
  const saved = await call('PUT', `/api/v2/space/page/${pageId}/block`, as.owner, {
    baseRevision: 0,
    changes,
  });
  expect(saved.status).toBe(200);
  if (options.aiOn !== false) {
    const enabled = await call('POST', `/api/v1/ai/${space.id}/enable`, as.owner, {
      enable: true,
    });
    expect(enabled.status).toBe(200);
  }
  return { ...world, pageId, blocks };
}

interface WriteAnswer {
  status: number;
  /** the JSON envelope of a refusal */
  body: { code: number; msg: string; data: unknown } | undefined;
  events: AiWriteEvent[];
}

async function write(
  headers: Headers,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<WriteAnswer> {
  const res = await fetch(`${origin}/api/v1/ai/write`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ language: 'zh_CN', ...body }),
    ...(signal ? { signal } : {}),
  });
  const raw = await res.text();
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    return { status: res.status, body: JSON.parse(raw) as WriteAnswer['body'], events: [] };
  }
  const events = raw
    .split('\n\n')
    .filter((part) => part.startsWith('data: '))
    .map((part) => JSON.parse(part.slice(6)) as AiWriteEvent);
  return { status: res.status, body: undefined, events };
}

const deltasOf = (events: AiWriteEvent[]) =>
  events.map((event) => (event.data && 'delta' in event.data ? event.data.delta : '')).join('');
const finalOf = (events: AiWriteEvent[]) => {
  const last = events.at(-1);
  expect(last?.msg).toBe('ok');
  return (last?.data as { blocks: Block[] }).blocks;
};
/** What the fake model was last asked: the system and the user message. */
const lastPrompt = () => {
  const request = fake.requests.filter((r) => r.path === '/chat/completions').at(-1);
  const messages = request?.body.messages as Array<{ role: string; content: string }>;
  return { system: messages[0]?.content ?? '', user: messages[1]?.content ?? '' };
};
const chatCalls = () => fake.requests.filter((r) => r.path === '/chat/completions').length;

async function usesOf(userId: number) {
  const [row] = await t.db
    .select()
    .from(aiWriteUses)
    .where(and(eq(aiWriteUses.userId, userId), eq(aiWriteUses.month, aiWriteMonthOf(new Date()))));
  return row?.uses ?? 0;
}

async function setQuota(userId: number, value: number | null) {
  const res = await call('PUT', `/api/system/v1/users/${userId}/quota`, adminHeaders, {
    overrides: { aiWritesPerMonth: value },
  });
  expect(res.status).toBe(200);
}

describe('POST /api/v1/ai/write: the prompts', () => {
  const tasks: Record<string, string> = {
    continue: '续写',
    polish: '润色',
    shorter: '更简短',
    longer: '扩写',
    tone: '正式、专业的语气',
    fix: '错别字',
    translate: '翻译成英文',
    summarize: '总结整页内容',
    outline: '大纲',
    table: 'Markdown（GFM）表格',
    list: '列表',
    custom: '改成一首诗',
  };

  it.each(aiWriteModelActions.map((action) => [action]))(
    'asks the model for %s in the writer’s language with the title and the blocks around',
    async (action) => {
      const { as, pageId, blocks } = await buildWorld();
      const res = await write(as.editor, {
        pageId,
        action,
        blocks: action === 'summarize' ? blocks : [blocks[1]],
        ...(action === 'custom' ? { instruction: '改成一首诗' } : {}),
      });
      expect(res.status).toBe(200);
      finalOf(res.events);
      const prompt = lastPrompt();
      expect(prompt.system).toContain('{{@数字}}');
      expect(prompt.user).toContain('## 页面标题\n\n长城');
      expect(prompt.user).toContain(tasks[action]);
      expect(prompt.user).toContain('它东起山海关，西至嘉峪关。');
      if (action === 'summarize') {
        expect(prompt.user).toContain('## 整页内容');
        expect(prompt.user).toContain('如今是著名的旅游景点。');
      } else {
        expect(prompt.user).toContain('## 选中内容之前\n\n长城是古代中国的防御工程。');
        expect(prompt.user).toContain('## 选中内容之后\n\n如今是著名的旅游景点。');
      }
    },
  );

  it('writes the prompt in the writer’s language and translates English into their Chinese', async () => {
    const { as, pageId } = await buildWorld();
    await write(as.editor, {
      pageId,
      action: 'translate',
      language: 'zh_TW',
      blocks: [paragraphBlock('x1', 'The Great Wall is long.')],
    });
    expect(lastPrompt().user).toContain('翻譯成繁體中文（台灣用語）');
    await write(as.editor, {
      pageId,
      action: 'polish',
      language: 'en_US',
      instruction: 'keep it short',
      blocks: [paragraphBlock('x1', 'The Great Wall is long.')],
    });
    expect(lastPrompt().user).toContain('Polish the selection');
    expect(lastPrompt().user).toContain('Also: keep it short');
    await write(as.editor, {
      pageId,
      action: 'tone',
      instruction: 'friendly',
      blocks: [paragraphBlock('x1', '请尽快回复。')],
    });
    expect(lastPrompt().user).toContain('亲切、口语化');
  });

  it('bounds the selection and says so in the prompt', async () => {
    const { as, pageId } = await buildWorld();
    const long = '长'.repeat(20_000);
    await write(as.editor, { pageId, action: 'polish', blocks: [paragraphBlock('x', long)] });
    const { user } = lastPrompt();
    expect(user).toContain('内容过长，只保留了 8000 个字符');
    expect(user.length).toBeLessThan(9000);
  });

  it('refuses custom without an instruction and a tone it does not know (100002)', async () => {
    const { as, pageId, blocks } = await buildWorld();
    const calls = chatCalls();
    const custom = await write(as.editor, { pageId, action: 'custom', blocks });
    expect(custom.status).toBe(400);
    expect(custom.body?.code).toBe(ErrorCode.paramError);
    const tone = await write(as.editor, { pageId, action: 'tone', instruction: 'angry', blocks });
    expect(tone.body?.code).toBe(ErrorCode.paramError);
    const action = await write(as.editor, { pageId, action: 'sing', blocks });
    expect(action.body?.code).toBe(ErrorCode.paramError);
    expect(chatCalls()).toBe(calls);
  });
});

describe('POST /api/v1/ai/write: the stream and the blocks', () => {
  it('streams the Markdown as it comes, mentions by name, then blocks with fresh ids', async () => {
    const { as, ids, pageId, owner } = await buildWorld();
    const selection = [
      block('s1', 'paragraph', [
        text('请 '),
        { type: 'mention', props: { userId: String(ids.reader) } },
        text(' 看'),
      ]),
    ];
    fake.chat = {
      kind: 'stream',
      pieces: ['## 标题\n\n', '请 {{', `@${ids.reader}`, '}} 看看\n\n', '- 一\n- 二'],
    };
    const res = await write(as.editor, { pageId, action: 'polish', blocks: selection });
    expect(res.status).toBe(200);
    const deltas = res.events.slice(0, -1);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.every((event) => event.code === 0)).toBe(true);
    const shown = deltasOf(res.events);
    expect(shown).not.toContain('{{');
    expect(shown).toMatch(/^## 标题\n\n请 @.+ 看看\n\n- 一\n- 二$/);
    const blocks = finalOf(res.events);
    expect(blocks.map((b) => b.type)).toEqual([
      'heading',
      'paragraph',
      'bulletListItem',
      'bulletListItem',
    ]);
    expect(blocks[1]?.content).toEqual([
      text('请 '),
      { type: 'mention', props: { userId: String(ids.reader) } },
      text(' 看看'),
    ]);
    expect(blocks.some((b) => b.id === 's1')).toBe(false);
    expect(owner).toBeDefined();
  });

  it('keeps BlockNote structure: tables and code come back as table and code blocks', async () => {
    const { as, pageId, blocks } = await buildWorld();
    fake.chat = {
      kind: 'stream',
      pieces: ['| 名称 | 长度 |\n|---|---|\n| 长城 | 8800 |\n\n```js\nconst a = 1;\n```\n'],
    };
    const res = await write(as.editor, { pageId, action: 'table', blocks });
    const out = finalOf(res.events);
    expect(out.map((b) => b.type)).toEqual(['table', 'codeBlock']);
    expect(JSON.stringify(out[0]?.content)).toContain('8800');
  });

  it('never drops the selection’s links, mentions and images', async () => {
    const { as, ids, pageId } = await buildWorld();
    const selection = [
      block('s1', 'paragraph', [
        text('详见 '),
        { type: 'link', href: 'https://example.com/doc', content: [text('文档')] },
        text('，问 '),
        { type: 'mention', props: { userId: String(ids.admin) } },
      ]),
      block('s2', 'image', undefined, {
        url: '/v3/space/file/f-1',
        name: 'wall.png',
        caption: '长城',
        previewWidth: 320,
      }),
    ];
    // the model rewrote the text and lost everything else
    fake.chat = { kind: 'stream', pieces: ['详情请看文档。'] };
    const res = await write(as.editor, { pageId, action: 'shorter', blocks: selection });
    const out = finalOf(res.events);
    expect(out.map((b) => b.type)).toEqual(['paragraph', 'paragraph', 'image']);
    expect(out[1]?.content).toEqual([
      { type: 'link', href: 'https://example.com/doc', content: [text('文档')] },
      text(' '),
      { type: 'mention', props: { userId: String(ids.admin) } },
    ]);
    expect(out[2]).toMatchObject({
      type: 'image',
      props: { url: '/v3/space/file/f-1', name: 'wall.png', previewWidth: 320 },
    });
    expect(out[2]?.id).not.toBe('s2');

    // what the model kept stays where it put it, and nothing is added twice
    fake.chat = {
      kind: 'stream',
      pieces: [
        `见[文档](https://example.com/doc)，问 {{@${ids.admin}}}\n\n![长城](/v3/space/file/f-1)`,
      ],
    };
    const kept = finalOf(
      (await write(as.editor, { pageId, action: 'polish', blocks: selection })).events,
    );
    expect(kept.map((b) => b.type)).toEqual(['paragraph', 'image']);
    expect(kept[1]).toMatchObject({ props: { previewWidth: 320 } });
  });

  it('turns links and images the writer never had into their text', async () => {
    const { as, pageId, blocks } = await buildWorld();
    fake.chat = {
      kind: 'stream',
      pieces: ['看[这里](https://evil.example/x)\n\n![跟踪](https://evil.example/p.gif)'],
    };
    const out = finalOf((await write(as.editor, { pageId, action: 'polish', blocks })).events);
    expect(JSON.stringify(out)).not.toContain('evil.example');
    expect(out.map((b) => b.type)).toEqual(['paragraph', 'paragraph']);
  });

  it.each([
    ['an unclosed code fence', '```python\nprint(1)\n\n还有'],
    ['a broken table', '| a | b\n|--\n| 1 |'],
    ['HTML', '<div><script>alert(1)</script><b>粗体</b></div>'],
    ['an empty answer', ''],
    ['a fence around the whole answer', '```markdown\n# 标题\n\n正文\n```'],
    // deeper than the Markdown converter can walk: kept as plain text
    ['a list nested 3,000 deep', `${'- '.repeat(3000)}深处`],
  ])('still gives readable blocks for %s', async (_name, answer) => {
    const { as, pageId, blocks } = await buildWorld();
    fake.chat = { kind: 'stream', pieces: answer ? [answer] : [] };
    const res = await write(as.editor, { pageId, action: 'continue', blocks: [blocks[0]] });
    expect(res.status).toBe(200);
    const out = finalOf(res.events);
    expect(out.length).toBeGreaterThan(0);
    for (const item of out) {
      expect(typeof item.id).toBe('string');
      expect(typeof item.type).toBe('string');
    }
    expect(JSON.stringify(out)).not.toContain('<script');
  });

  it('stops the model when the writer closes the stream; the use still counts', async () => {
    const { as, ids, pageId, blocks } = await buildWorld();
    fake.chat = { kind: 'stream', pieces: ['一', '二', '三', '四'], pieceDelayMs: 300 };
    const controller = new AbortController();
    const closed = fake.clientClosed();
    const res = await fetch(`${origin}/api/v1/ai/write`, {
      method: 'POST',
      headers: { ...as.editor, 'content-type': 'application/json' },
      body: JSON.stringify({ pageId, action: 'polish', blocks, language: 'zh_CN' }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"delta":"一"');
    controller.abort();
    await closed; // the model call was stopped too
    expect(await usesOf(ids.editor)).toBe(1);
  });

  it('reports a model failure in the stream and gives the use back', async () => {
    const { as, ids, pageId, blocks } = await buildWorld();
    fake.chat = { kind: 'status', status: 500, message: 'overloaded' };
    const res = await write(as.editor, { pageId, action: 'polish', blocks });
    expect(res.status).toBe(200);
    expect(res.events.at(-1)).toMatchObject({ code: ErrorCode.serverError, data: null });
    expect(await usesOf(ids.editor)).toBe(0);
  });
});

describe('POST /api/v1/ai/write: the script conversions', () => {
  it('converts with OpenCC (Taiwan, Hong Kong, back), keeping ids, without a model or quota', async () => {
    const { as, ids, pageId } = await buildWorld({ aiOn: false });
    await t.db.delete(aiProviders);
    await setQuota(ids.editor, 0);
    const selection = [
      block('s1', 'paragraph', [
        text('软件和鼠标'),
        { type: 'link', href: 'https://example.com/软件', content: [text('软件')] },
      ]),
    ];
    const calls = chatCalls();
    const tw = await write(as.editor, { pageId, action: 'toTraditional', blocks: selection });
    expect(tw.events).toHaveLength(1);
    const [twBlock] = finalOf(tw.events);
    expect(twBlock?.id).toBe('s1');
    expect(JSON.stringify(twBlock?.content)).toContain('軟體和滑鼠');
    expect(JSON.stringify(twBlock?.content)).toContain('https://example.com/软件');

    const hk = await write(as.editor, {
      pageId,
      action: 'toTraditional',
      instruction: 'hk',
      blocks: [block('s2', 'paragraph', [text('头发')])],
    });
    expect(JSON.stringify(finalOf(hk.events))).toContain('頭髮');

    const cn = await write(as.editor, {
      pageId,
      action: 'toSimplified',
      blocks: [block('s3', 'paragraph', [text('軟體和滑鼠')])],
    });
    expect(JSON.stringify(finalOf(cn.events))).toContain('软件和鼠标');
    expect(chatCalls()).toBe(calls);
    expect(await usesOf(ids.editor)).toBe(0);
  });
});

describe('POST /api/v1/ai/write: who may, and how often', () => {
  it('answers 404 + 100007 to readers, outsiders and editors of another space; 401 anonymous', async () => {
    const { as, pageId, blocks } = await buildWorld();
    const other = await buildWorld();
    const calls = chatCalls();
    for (const headers of [as.reader, as.outsider, other.as.editor]) {
      for (const action of ['polish', 'toTraditional']) {
        const res = await write(headers, { pageId, action, blocks });
        expect(res.status).toBe(404);
        expect(res.body?.code).toBe(ErrorCode.dataMissing);
      }
    }
    expect((await write({}, { pageId, action: 'polish', blocks })).status).toBe(401);
    expect(chatCalls()).toBe(calls);
    // editors, admins and the owner may
    for (const headers of [as.editor, as.admin, as.owner]) {
      expect((await write(headers, { pageId, action: 'fix', blocks })).status).toBe(200);
    }
  });

  it('refuses the model actions when the writer’s switch is off (700068), not the conversions', async () => {
    const { as, ids, pageId, blocks } = await buildWorld();
    const off = await call('PUT', `/api/system/v1/users/${ids.editor}/permission`, adminHeaders, {
      overrides: { aiWrite: false },
    });
    expect(off.status).toBe(200);
    const res = await write(as.editor, { pageId, action: 'polish', blocks });
    expect(res.status).toBe(403);
    expect(res.body?.code).toBe(ErrorCode.noAiWrite);
    const converted = await write(as.editor, { pageId, action: 'toSimplified', blocks });
    expect(converted.status).toBe(200);
    expect(await usesOf(ids.editor)).toBe(0);
  });

  it('says the space’s AI is off (700014) and where a space admin switches it on', async () => {
    const { as, pageId, blocks } = await buildWorld({ aiOn: false });
    const res = await write(as.editor, { pageId, action: 'polish', blocks });
    expect(res.status).toBe(403);
    expect(res.body?.code).toBe(ErrorCode.spaceAiOff);
    expect(res.body?.msg).toContain('空间设置 → AI 问答');
  });

  it('says no model is configured (700013) and where to configure one', async () => {
    const { as, ids, pageId, blocks } = await buildWorld();
    await t.db.delete(aiProviders);
    const res = await write(as.editor, { pageId, action: 'polish', blocks });
    expect(res.body?.code).toBe(ErrorCode.aiModelMissing);
    expect(res.body?.msg).toContain('系统管理 → 模型配置');
    const en = await write(
      { ...as.editor, 'accept-language': 'en-US' },
      { pageId, action: 'polish', blocks },
    );
    expect(en.body?.code).toBe(ErrorCode.aiModelMissing);
    expect(await usesOf(ids.editor)).toBe(0);
  });

  it('counts each model use against the monthly quota and refuses at it (700113)', async () => {
    const { as, ids, pageId, blocks } = await buildWorld();
    await setQuota(ids.editor, 2);
    expect((await write(as.editor, { pageId, action: 'polish', blocks })).status).toBe(200);
    expect(await usesOf(ids.editor)).toBe(1);
    // two at once with one use left: exactly one passes
    const both = await Promise.all([
      write(as.editor, { pageId, action: 'fix', blocks }),
      write(as.editor, { pageId, action: 'fix', blocks }),
    ]);
    expect(both.map((res) => res.status).sort()).toEqual([200, 403]);
    const refused = both.find((res) => res.status === 403);
    expect(refused?.body?.code).toBe(ErrorCode.quotaAiWrites);
    expect(refused?.body?.msg).toContain('联系服务商');
    expect(await usesOf(ids.editor)).toBe(2);
    // the conversions are not counted and not refused
    expect((await write(as.editor, { pageId, action: 'toTraditional', blocks })).status).toBe(200);
    expect(await usesOf(ids.editor)).toBe(2);
  });
});

describe('GET /api/system/v1/ai/write/usage', () => {
  it('lists the month’s use per person with their quota, for system administrators only', async () => {
    const { as, ids, pageId, blocks } = await buildWorld();
    await setQuota(ids.admin, 7);
    await write(as.editor, { pageId, action: 'polish', blocks });
    await write(as.editor, { pageId, action: 'fix', blocks });
    await write(as.admin, { pageId, action: 'fix', blocks });
    const month = aiWriteMonthOf(new Date());
    const res = await call(
      'GET',
      `/api/system/v1/ai/write/usage?month=${month}&pageSize=50`,
      adminHeaders,
    );
    expect(res.status).toBe(200);
    const list = res.body.data.list as Array<{ userId: string; uses: number; quota: number }>;
    expect(list.find((row) => row.userId === String(ids.editor))).toMatchObject({
      uses: 2,
      quota: 200,
    });
    expect(list.find((row) => row.userId === String(ids.admin))).toMatchObject({
      uses: 1,
      quota: 7,
    });
    expect(res.body.data.month).toBe(month);
    expect(res.body.data.total).toBeGreaterThanOrEqual(2);
    const empty = await call('GET', '/api/system/v1/ai/write/usage?month=2001-01', adminHeaders);
    expect(empty.body.data).toMatchObject({ list: [], total: 0 });
    expect((await call('GET', '/api/system/v1/ai/write/usage', as.editor)).status).toBe(403);
    expect(
      (await call('GET', '/api/system/v1/ai/write/usage?month=2024-13', adminHeaders)).status,
    ).toBe(400);
  });
});
