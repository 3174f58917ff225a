import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpaceAiDetail } from '@library/contract';
import {
  createFakeAiServer,
  event,
  referDoc,
  session,
  sseBody,
  sseStream,
  type FakeAnswer,
  type FakeRequest,
} from '../../../test/fake-ai-server';
import {
  createConversationStore,
  type ConversationNotice,
  type ConversationStore,
} from './conversation-store';

function detail(fields: Partial<SpaceAiDetail> = {}): SpaceAiDetail {
  return {
    spaceId: 's1',
    enabled: true,
    chat: { id: 'c1' },
    prologue: '你好，我是本空间的助手。',
    settings: { instructions: '', topK: 5, includeDrafts: false },
    model: { configured: false, name: null },
    index: { documents: 2, chunks: 4, pending: 0, lastError: null, updatedAt: null },
    abilities: { canManage: true, canChat: true },
    ...fields,
  };
}

type Routes = Record<string, (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>>;
const listPath = 'GET /api/v1/ai/chat/c1/session';
const createPath = 'POST /api/v1/ai/chat/c1/session';
const streamPath = 'POST /api/v1/ai/chat/c1/converse/stream';
const historyPath = (id: string) => `GET /api/v1/ai/chat/c1/converse/${id}`;
const sessionPath = (method: string, id: string) => `${method} /api/v1/ai/chat/session/${id}`;
const emptyHistory = () => ({ body: { list: [] } });

let notices: ConversationNotice[];
let store: ConversationStore;

function start(routes: Routes) {
  const server = createFakeAiServer(routes);
  vi.stubGlobal('fetch', server.fetch);
  notices = [];
  store = createConversationStore({
    defaultTitle: '新对话',
    greeting: '你好！有什么可以帮你？',
    notify: (notice) => notices.push(notice),
  });
  return server;
}

async function loaded(value: SpaceAiDetail = detail(), activate?: string) {
  store.getState().setDetail(value, activate);
  await vi.waitFor(() => expect(store.getState().listStatus).not.toBe('loading'));
}

const titles = () => store.getState().conversations.map((c) => c.title);

beforeEach(() => {
  vi.useRealTimers();
});
afterEach(() => {
  store.getState().destroy();
  vi.unstubAllGlobals();
});

describe('the conversation list', () => {
  it('puts pinned ones first (latest pinnedAt), then the newest; the newest becomes active', async () => {
    start({
      [listPath]: () => ({
        body: {
          list: [
            session({ id: 'old', name: '旧', lastConverseTime: '2026-11-01T00:00:00Z' }),
            session({
              id: 'pinEarly',
              name: '早置顶',
              lastConverseTime: '2026-11-02T00:00:00Z',
              isPinned: true,
              pinnedAt: '2026-11-03T00:00:00Z',
            }),
            session({ id: 'new', name: '新', lastConverseTime: '2026-11-10T00:00:00Z' }),
            session({
              id: 'pinLate',
              name: '晚置顶',
              lastConverseTime: '2026-11-01T12:00:00Z',
              isPinned: true,
              pinnedAt: '2026-11-05T00:00:00Z',
            }),
          ],
        },
      }),
      [historyPath('new')]: emptyHistory,
    });
    await loaded();
    expect(titles()).toEqual(['晚置顶', '早置顶', '新', '旧']);
    expect(store.getState().activeId).toBe('new');
  });

  it('has nothing active when the list is empty', async () => {
    start({ [listPath]: () => ({ body: { list: [] } }) });
    await loaded();
    expect(store.getState().conversations).toEqual([]);
    expect(store.getState().activeId).toBeNull();
  });

  it('clears the list and says the AI service is not working when the list fails', async () => {
    let fail = false;
    start({
      [listPath]: () =>
        fail
          ? { status: 500, body: { code: 100001, data: null, msg: '' } }
          : { body: { list: [session({ id: 'a' })] } },
      [historyPath('a')]: emptyHistory,
    });
    await loaded();
    expect(titles()).toEqual(['新对话']);
    fail = true;
    await store.getState().loadList();
    expect(store.getState().conversations).toEqual([]);
    expect(store.getState().listStatus).toBe('failed');
    expect(notices).toEqual(['listFailed']);
  });

  it('treats a list of the wrong shape as a failure too', async () => {
    start({ [listPath]: () => ({ body: { items: [] } }) });
    await loaded();
    expect(notices).toEqual(['listFailed']);
  });
});

describe('creating and selecting', () => {
  it('adds 新对话 on top, active, opening with the prologue', async () => {
    const server = start({
      [listPath]: () => ({ body: { list: [session({ id: 'a', name: '第一' })] } }),
      [historyPath('a')]: emptyHistory,
      [createPath]: () => ({
        body: session({ id: 'b', lastConverseTime: '2026-11-21T00:00:00Z' }),
      }),
    });
    await loaded();
    await store.getState().create();
    expect(server.find('POST', '/api/v1/ai/chat/c1/session')[0]?.body).toEqual({ name: '新对话' });
    expect(titles()).toEqual(['新对话', '第一']);
    expect(store.getState().activeId).toBe('b');
    const messages = store.getState().conversations[0]?.messages ?? [];
    expect(messages.map((m) => [m.isUser, m.content])).toEqual([
      [false, '你好，我是本空间的助手。'],
    ]);
  });

  it('opens with a greeting when the space has no prologue', async () => {
    start({
      [listPath]: () => ({ body: { list: [] } }),
      [createPath]: () => ({ body: session({ id: 'b' }) }),
    });
    await loaded(detail({ prologue: '' }));
    await store.getState().create();
    expect(store.getState().conversations[0]?.messages[0]?.content).toBe('你好！有什么可以帮你？');
  });

  it('says creating failed on an error and on data that is not a conversation', async () => {
    let answer: FakeAnswer = { status: 500, body: { code: 100001, data: null, msg: '' } };
    start({ [listPath]: () => ({ body: { list: [] } }), [createPath]: () => answer });
    await loaded();
    await store.getState().create();
    answer = { body: { id: 42 } };
    await store.getState().create();
    expect(notices).toEqual(['createFailed', 'createFailed']);
    expect(store.getState().conversations).toEqual([]);
  });

  it('cannot create or send without the AI configured (chat null)', async () => {
    const server = start({});
    await loaded(detail({ enabled: false, chat: null }));
    await store.getState().create();
    await store.getState().send('你好');
    expect(notices).toEqual(['createNoConfig', 'sendNoConfig']);
    expect(server.requests).toEqual([]);
  });

  it('loads the history of a conversation when selected; an empty one shows its prologue', async () => {
    const server = start({
      [listPath]: () => ({
        body: {
          list: [
            session({ id: 'a', lastConverseTime: '2026-11-10T00:00:00Z' }),
            session({ id: 'b', lastConverseTime: '2026-11-01T00:00:00Z', prologue: '欢迎回来' }),
          ],
        },
      }),
      [historyPath('a')]: () => ({
        body: {
          list: [
            {
              id: 'x1',
              question: '什么是空间？',
              answer: '空间是……[1]',
              prompt: 'P',
              referDocList: [referDoc()],
              createdAt: '2026-11-10T00:00:00Z',
            },
          ],
        },
      }),
      [historyPath('b')]: emptyHistory,
    });
    await loaded();
    await vi.waitFor(() => expect(store.getState().conversations[0]?.history).toBe('loaded'));
    const first = store.getState().conversations[0];
    expect(first?.messages.map((m) => [m.isUser, m.content])).toEqual([
      [true, '什么是空间？'],
      [false, '空间是……[1]'],
    ]);
    expect(first?.messages[1]?.references).toEqual({ prompts: ['P'], docs: [referDoc()] });

    store.getState().select('b');
    expect(store.getState().activeId).toBe('b');
    await vi.waitFor(() => expect(store.getState().conversations[1]?.history).toBe('loaded'));
    expect(store.getState().conversations[1]?.messages.map((m) => m.content)).toEqual(['欢迎回来']);
    // selecting again does not load again
    store.getState().select('b');
    expect(server.find('GET', '/api/v1/ai/chat/c1/converse/b')).toHaveLength(1);
  });

  it('says the history failed to load', async () => {
    start({
      [listPath]: () => ({ body: { list: [session({ id: 'a' })] } }),
      [historyPath('a')]: () => ({ status: 500, body: { code: 100001, data: null, msg: '' } }),
    });
    await loaded();
    await vi.waitFor(() => expect(notices).toEqual(['historyFailed']));
    expect(store.getState().conversations[0]?.history).toBe('failed');
  });

  it('activates a conversation named by the route instead of the newest', async () => {
    start({
      [listPath]: () => ({
        body: {
          list: [
            session({ id: 'a', lastConverseTime: '2026-11-10T00:00:00Z' }),
            session({ id: 'b', lastConverseTime: '2026-11-01T00:00:00Z' }),
          ],
        },
      }),
      [historyPath('b')]: emptyHistory,
    });
    await loaded(detail(), 'b');
    expect(store.getState().activeId).toBe('b');
  });
});

describe('deleting, pinning, renaming', () => {
  const three = () => ({
    body: {
      list: [
        session({ id: 'a', name: 'A', lastConverseTime: '2026-11-10T00:00:00Z' }),
        session({ id: 'b', name: 'B', lastConverseTime: '2026-11-09T00:00:00Z' }),
        session({ id: 'c', name: 'C', lastConverseTime: '2026-11-08T00:00:00Z' }),
      ],
    },
  });

  it('activates the first remaining one when the active one is deleted', async () => {
    start({
      [listPath]: three,
      [historyPath('a')]: emptyHistory,
      [historyPath('b')]: emptyHistory,
      [historyPath('c')]: emptyHistory,
      [sessionPath('DELETE', 'b')]: () => ({ body: null }),
      [sessionPath('DELETE', 'a')]: () => ({ body: null }),
    });
    await loaded();
    store.getState().select('b');
    expect(await store.getState().remove('b')).toBe(true);
    expect(titles()).toEqual(['A', 'C']);
    expect(store.getState().activeId).toBe('a');
    await store.getState().remove('a');
    expect(store.getState().activeId).toBe('c');
  });

  it('keeps the active one when another is deleted, and everything when deleting fails', async () => {
    start({
      [listPath]: three,
      [historyPath('a')]: emptyHistory,
      [sessionPath('DELETE', 'c')]: () => ({ body: null }),
      [sessionPath('DELETE', 'b')]: () => ({
        status: 500,
        body: { code: 100001, data: null, msg: '' },
      }),
    });
    await loaded();
    await store.getState().remove('c');
    expect(store.getState().activeId).toBe('a');
    expect(await store.getState().remove('b')).toBe(false);
    expect(titles()).toEqual(['A', 'B']);
  });

  it('pins and unpins through the server, which sets pinnedAt; the list re-sorts', async () => {
    const server = start({
      [listPath]: three,
      [historyPath('a')]: emptyHistory,
      [sessionPath('PUT', 'c')]: (request) => {
        const pinned = (request.body as { isPinned: boolean }).isPinned;
        return {
          body: session({
            id: 'c',
            name: 'C',
            isPinned: pinned,
            pinnedAt: pinned ? '2026-11-22T00:00:00Z' : null,
          }),
        };
      },
    });
    await loaded();
    await store.getState().togglePin('c');
    expect(server.find('PUT', '/api/v1/ai/chat/session/c')[0]?.body).toEqual({ isPinned: true });
    expect(titles()).toEqual(['C', 'A', 'B']);
    expect(store.getState().conversations[0]?.pinnedAt).toBe('2026-11-22T00:00:00Z');
    await store.getState().togglePin('c');
    expect(titles()).toEqual(['A', 'B', 'C']);
    expect(store.getState().conversations[2]?.pinnedAt).toBeNull();
  });

  it('renames by hand', async () => {
    start({
      [listPath]: three,
      [historyPath('a')]: emptyHistory,
      [sessionPath('PUT', 'b')]: (request) => ({
        body: session({ id: 'b', name: (request.body as { name: string }).name }),
      }),
    });
    await loaded();
    expect(await store.getState().rename('b', '  周报整理  ')).toBe(true);
    expect(titles()).toEqual(['A', '周报整理', 'C']);
  });
});

describe('asking', () => {
  const finalAnswer = {
    answer: '空间是放页面的地方 [1]',
    id: 'ans1',
    prompt: '提示词',
    referDocList: [referDoc()],
  };

  it('appends the question and an answer filled from the stream; renamed from the first 100 characters', async () => {
    const body = sseBody();
    const question = `${'知'.repeat(99)}😀尾巴`;
    const server = start({
      [listPath]: () => ({ body: { list: [] } }),
      [createPath]: () => ({ body: session({ id: 'n' }) }),
      [sessionPath('PUT', 'n')]: (request) => ({
        body: session({ id: 'n', name: (request.body as { name: string }).name }),
      }),
      [streamPath]: () => ({ stream: body.stream }),
    });
    await loaded();
    const sending = store.getState().send(`  ${question}\n`);
    await vi.waitFor(() => expect(store.getState().streamingId).toBe('n'));
    const messages = () => store.getState().conversations[0]?.messages ?? [];
    expect(messages().map((m) => [m.isUser, m.content, m.status])).toEqual([
      [false, '你好，我是本空间的助手。', 'done'],
      [true, question, 'done'],
      [false, '', 'streaming'],
    ]);
    body.send(event({ code: 0, data: { referDocList: [referDoc()] }, msg: '' }));
    body.send(event({ code: 0, data: { delta: '空间是' }, msg: '' }));
    await vi.waitFor(() => expect(messages()[2]?.content).toBe('空间是'));
    expect(messages()[2]?.references.docs).toEqual([referDoc()]);
    body.send(event({ code: 0, data: finalAnswer, msg: 'ok' }));
    body.close();
    await sending;

    expect(messages()[2]).toMatchObject({
      content: '空间是放页面的地方 [1]',
      answerId: 'ans1',
      status: 'done',
      references: { prompts: ['提示词'], docs: [referDoc()] },
    });
    expect(store.getState().streamingId).toBeNull();
    const rename = server.find('PUT', '/api/v1/ai/chat/session/n');
    expect(rename).toHaveLength(1);
    // 99 + the emoji = 100 characters, the emoji kept whole
    expect((rename[0]?.body as { name: string }).name).toBe(`${'知'.repeat(99)}😀`);
    expect(titles()).toEqual([`${'知'.repeat(99)}😀`]);
    expect(server.find('POST', '/api/v1/ai/chat/c1/converse/stream')[0]?.body).toEqual({
      sessionId: 'n',
      question,
    });
  });

  it('renames only on the first question, and says so when the automatic rename fails', async () => {
    const server = start({
      [listPath]: () => ({ body: { list: [session({ id: 'a' })] } }),
      [historyPath('a')]: emptyHistory,
      [sessionPath('PUT', 'a')]: () => ({
        status: 500,
        body: { code: 100001, data: null, msg: '' },
      }),
      [streamPath]: () => ({
        stream: sseStream([event({ code: 0, data: finalAnswer, msg: 'ok' })]),
      }),
    });
    await loaded();
    await vi.waitFor(() => expect(store.getState().conversations[0]?.history).toBe('loaded'));
    await store.getState().send('第一个问题');
    await vi.waitFor(() => expect(notices).toEqual(['renameFailed']));
    await store.getState().send('第二个问题');
    expect(server.find('PUT', '/api/v1/ai/chat/session/a')).toHaveLength(1);
    expect(titles()).toEqual(['新对话']);
  });

  it('shows a failure on the answer, and retry asks the same question again', async () => {
    let fail = true;
    start({
      [listPath]: () => ({ body: { list: [session({ id: 'a', name: '旧题' })] } }),
      [historyPath('a')]: () => ({
        body: {
          list: [
            {
              id: 'x',
              question: '老问题',
              answer: '老答案',
              prompt: '',
              referDocList: [],
              createdAt: '2026-11-01T00:00:00Z',
            },
          ],
        },
      }),
      [streamPath]: () =>
        fail
          ? { status: 502, body: 'Bad Gateway' }
          : { stream: sseStream([event({ code: 0, data: finalAnswer, msg: 'ok' })]) },
    });
    await loaded();
    await vi.waitFor(() => expect(store.getState().conversations[0]?.history).toBe('loaded'));
    await store.getState().send('新问题');
    const answer = () => store.getState().conversations[0]?.messages[3];
    expect(answer()).toMatchObject({
      status: 'failed',
      failure: { kind: 'http', status: 502, message: '' },
      question: '新问题',
    });
    fail = false;
    await store.getState().retry(answer()?.id ?? '');
    expect(answer()).toMatchObject({ status: 'done', content: finalAnswer.answer, failure: null });
    expect(store.getState().conversations[0]?.messages).toHaveLength(4);
  });

  it('stop keeps what was said and marks the answer stopped', async () => {
    const body = sseBody();
    start({
      [listPath]: () => ({ body: { list: [] } }),
      [createPath]: () => ({ body: session({ id: 'n' }) }),
      [sessionPath('PUT', 'n')]: () => ({ body: session({ id: 'n', name: '问' }) }),
      [streamPath]: () => ({ stream: body.stream }),
    });
    await loaded();
    const sending = store.getState().send('问');
    body.send(event({ code: 0, data: { delta: '说到一半' }, msg: '' }));
    const answer = () => store.getState().conversations[0]?.messages[2];
    await vi.waitFor(() => expect(answer()?.content).toBe('说到一半'));
    store.getState().stop();
    await sending;
    expect(answer()).toMatchObject({ status: 'stopped', content: '说到一半' });
    expect(store.getState().streamingId).toBeNull();
  });

  it('a change of the AI detail aborts the answer in flight and starts over', async () => {
    const body = sseBody();
    const seen: { signal: AbortSignal | null } = { signal: null };
    let round = 0;
    start({
      [listPath]: () => {
        round += 1;
        return { body: { list: round === 1 ? [] : [session({ id: 'z', name: '别的' })] } };
      },
      [historyPath('z')]: emptyHistory,
      [createPath]: () => ({ body: session({ id: 'n' }) }),
      [sessionPath('PUT', 'n')]: () => ({ body: session({ id: 'n', name: '问' }) }),
      [streamPath]: (request) => {
        seen.signal = request.signal;
        return { stream: body.stream };
      },
    });
    await loaded();
    void store.getState().send('问');
    await vi.waitFor(() => expect(seen.signal).not.toBeNull());
    // the same detail again (a refresh with nothing changed) keeps everything
    store.getState().setDetail(detail());
    expect(store.getState().streamingId).toBe('n');
    expect(seen.signal?.aborted).toBe(false);

    await loaded(detail({ prologue: '新的开场白' }));
    expect(seen.signal?.aborted).toBe(true);
    expect(store.getState().streamingId).toBeNull();
    expect(titles()).toEqual(['别的']);
    expect(store.getState().prologue).toBe('新的开场白');
  });

  it('turning the AI off clears the conversations', async () => {
    start({
      [listPath]: () => ({ body: { list: [session({ id: 'a' })] } }),
      [historyPath('a')]: emptyHistory,
    });
    await loaded();
    expect(titles()).toHaveLength(1);
    store.getState().setDetail(detail({ enabled: false, chat: null }));
    expect(store.getState().conversations).toEqual([]);
    expect(store.getState().chatId).toBeNull();
  });
});
