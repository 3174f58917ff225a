import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { SpaceAiDetail } from '@library/contract';
import { renderWithProviders } from '../../../test/render';
import { createConversationStore, type ConversationStore } from '../stores/conversation-store';
import {
  createFakeAiServer,
  event,
  session,
  sseBody,
  type FakeAnswer,
  type FakeRequest,
} from '../../../test/fake-ai-server';
import { ChatThread } from './ChatThread';

function detail(fields: Partial<SpaceAiDetail> = {}): SpaceAiDetail {
  return {
    spaceId: 's1',
    enabled: true,
    chat: { id: 'c1' },
    prologue: '',
    settings: { instructions: '', topK: 5, includeDrafts: false },
    model: { configured: false, name: null },
    index: { documents: 1, chunks: 1, pending: 0, lastError: null, updatedAt: null },
    abilities: { canManage: true, canChat: true },
    ...fields,
  };
}

const streamPath = 'POST /api/v1/ai/chat/c1/converse/stream';
let store: ConversationStore;

async function renderThread(
  stream: (request: FakeRequest) => FakeAnswer,
  value: SpaceAiDetail = detail(),
) {
  const server = createFakeAiServer({
    'GET /api/v1/ai/chat/c1/session': () => ({ body: { list: [session({ id: 'a' })] } }),
    'GET /api/v1/ai/chat/c1/converse/a': () => ({ body: { list: [] } }),
    'PUT /api/v1/ai/chat/session/a': () => ({ body: session({ id: 'a', name: '问' }) }),
    [streamPath]: stream,
  });
  vi.stubGlobal('fetch', server.fetch);
  store = createConversationStore({ defaultTitle: '新对话', greeting: '你好', notify: () => {} });
  store.getState().setDetail(value);
  renderWithProviders(
    <MemoryRouter>
      <ChatThread store={store} detail={value} layout="desktop" />
    </MemoryRouter>,
  );
  if (value.chat) await vi.waitFor(() => expect(store.getState().activeId).toBe('a'));
  return server;
}

const box = () => screen.getByRole('textbox', { name: /输入问题/ });

afterEach(() => {
  store.getState().destroy();
  vi.unstubAllGlobals();
});

describe('ChatThread', () => {
  it('sends on Enter, not on Shift+Enter nor while an input method is composing', async () => {
    const body = sseBody();
    const server = await renderThread(() => ({ stream: body.stream }));
    await userEvent.type(box(), '第一行{Shift>}{Enter}{/Shift}第二行');
    expect(server.find('POST', '/api/v1/ai/chat/c1/converse/stream')).toHaveLength(0);
    fireEvent.keyDown(box(), { key: 'Enter', isComposing: true });
    expect(server.find('POST', '/api/v1/ai/chat/c1/converse/stream')).toHaveLength(0);

    await userEvent.type(box(), '{Enter}');
    await vi.waitFor(() =>
      expect(server.find('POST', '/api/v1/ai/chat/c1/converse/stream')[0]?.body).toEqual({
        sessionId: 'a',
        question: '第一行\n第二行',
      }),
    );
    expect((box() as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByText('正在检索并生成回答…')).toBeTruthy();
    act(() => body.close());
  });

  it('Esc stops the answer being written and keeps what was said', async () => {
    const body = sseBody();
    await renderThread(() => ({ stream: body.stream }));
    await userEvent.type(box(), '开放时间？{Enter}');
    act(() => body.send(event({ code: 0, data: { delta: '周二到周日' }, msg: '' })));
    await screen.findByText('周二到周日');
    expect(screen.getByRole('button', { name: /停止/ })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await screen.findByText('已停止生成');
    expect(screen.getByText('周二到周日')).toBeTruthy();
    expect(screen.getByRole('button', { name: /发送/ })).toBeTruthy();
  });

  it('apologises on a failed answer, with the HTTP status folded into the details', async () => {
    await renderThread(() => ({ status: 503, body: { code: 100001, data: null, msg: '' } }));
    await userEvent.type(box(), '开放时间？{Enter}');
    const apology = await screen.findByText('抱歉，回答时出了点问题，请稍后重试。');
    const alert = apology.closest<HTMLElement>('.ai-failure');
    if (!alert) throw new Error('the apology is not in the failure box');
    expect(within(alert).queryByText(/HTTP 错误：503/)).toBeNull();
    await userEvent.click(within(alert).getByText('技术详情'));
    expect(await within(alert).findByText(/HTTP 错误：503/)).toBeTruthy();
  });

  it('says so when the answer breaks off midway, keeps what came, and retries from the alert', async () => {
    const first = sseBody();
    const second = sseBody();
    const bodies = [first, second];
    const server = await renderThread(() => ({ stream: (bodies.shift() ?? second).stream }));
    await userEvent.type(box(), '开放时间？{Enter}');
    act(() => first.send(event({ code: 0, data: { delta: '周二到周日' }, msg: '' })));
    await screen.findByText('周二到周日');
    // the server went away mid-answer (a killed instance): the body errors, as undici's does
    act(() => first.fail(new TypeError('terminated')));
    const cutOff = await screen.findByText(
      '回答中断：与服务器的连接断开了，已显示的内容不完整。请重试。',
    );
    expect(screen.queryByText('抱歉，回答时出了点问题，请稍后重试。')).toBeNull();
    expect(screen.getByText('周二到周日')).toBeTruthy();
    const alert = cutOff.closest<HTMLElement>('.ai-failure');
    if (!alert) throw new Error('the message is not in the failure box');

    await userEvent.click(within(alert).getByRole('button', { name: /重试/ }));
    await vi.waitFor(() =>
      expect(server.find('POST', '/api/v1/ai/chat/c1/converse/stream')).toHaveLength(2),
    );
    expect(server.find('POST', '/api/v1/ai/chat/c1/converse/stream')[1]?.body).toEqual({
      sessionId: 'a',
      question: '开放时间？',
    });
    act(() => {
      second.send(event({ code: 0, data: { delta: '周二到周日开放' }, msg: '' }));
      second.send(
        event({
          code: 0,
          data: { answer: '周二到周日开放', id: 'm2', prompt: '', referDocList: [] },
          msg: 'ok',
        }),
      );
      second.close();
    });
    await screen.findByText('周二到周日开放');
    expect(screen.queryByText(/回答中断/)).toBeNull();
  });

  it('says the offline answerer answers when no model is configured', async () => {
    await renderThread(() => ({ body: null }));
    expect(screen.getByText(/当前由内置的离线回答器作答/)).toBeTruthy();
  });

  it('tells an admin the AI is off and offers to turn it on', async () => {
    await renderThread(() => ({ body: null }), detail({ enabled: false, chat: null }));
    expect(screen.getByText('本空间尚未开启 AI 问答')).toBeTruthy();
    expect(screen.getByRole('button', { name: '开启 AI 问答' })).toBeTruthy();
    expect(screen.queryByText(/离线回答器/)).toBeNull();
  });
});
