import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aiWriteMonthOf, type AiProvider } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer, type RecordedRequest } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { AiProvidersScreen } from './AiProvidersScreen';

const stored: AiProvider = {
  id: 'p1',
  name: 'DeepSeek',
  baseUrl: 'https://api.deepseek.com/v1',
  hasApiKey: true,
  chatModel: 'deepseek-chat',
  embeddingModel: null,
  embeddingDimension: null,
  rerankModel: null,
  isDefault: true,
  createdAt: '2026-11-20T08:00:00.000Z',
};

function start(list: AiProvider[]) {
  const server = createFakeServer({
    'GET /api/system/v1/ai/provider': () => ({ body: { list } }),
    'POST /api/system/v1/ai/provider': (request: RecordedRequest) => ({
      body: { ...stored, id: 'p2', ...(request.body as object) },
    }),
    'PUT /api/system/v1/ai/provider/p1': (request: RecordedRequest) => ({
      body: { ...stored, ...(request.body as object) },
    }),
    'POST /api/system/v1/ai/provider/test': () => ({
      body: { ok: false, latencyMs: 41.6, message: 'HTTP 401: invalid api key' },
    }),
    'GET /api/system/v1/ai/write/usage': (request: RecordedRequest) => ({
      body: {
        list: [{ userId: '10001', nickname: '王小明', uses: 37, quota: 200 }],
        total: 1,
        page: 0,
        pageSize: 10,
        month: request.query.get('month'),
      },
    }),
  });
  configureApiClient({ fetch: server.fetch });
  renderWithProviders(<AiProvidersScreen />);
  return server;
}

afterEach(() => {
  queryClient.clear();
  resetApiClient();
});

describe('AiProvidersScreen', () => {
  it('says the offline answerer answers while no provider is configured', async () => {
    start([]);
    expect(await screen.findByText('还没有模型服务')).toBeTruthy();
    expect(screen.getByText('未配置时，各空间的 AI 问答由内置的离线回答器作答。')).toBeTruthy();
  });

  it('adds a provider: blank optional fields are null and the key is sent once', async () => {
    const server = start([]);
    await userEvent.click(await screen.findByRole('button', { name: /添加模型服务/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('名称'), '通义千问');
    await userEvent.type(
      within(dialog).getByLabelText('接口地址（Base URL）'),
      'https://dashscope.example/v1',
    );
    await userEvent.type(within(dialog).getByLabelText('API Key'), 'sk-secret');
    await userEvent.type(within(dialog).getByLabelText('对话模型'), 'qwen-plus');
    // what the optional rerank model is for, and that it is optional
    expect(within(dialog).getByLabelText('重排模型（可选）')).toBeTruthy();
    expect(
      within(dialog).getByText('重新排序检索到的段落，并为每条引用选出回答问题的那句话。'),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await screen.findByText('已保存');
    expect(server.find('POST', '/api/system/v1/ai/provider')[0]?.body).toEqual({
      name: '通义千问',
      baseUrl: 'https://dashscope.example/v1',
      apiKey: 'sk-secret',
      chatModel: 'qwen-plus',
      embeddingModel: null,
      embeddingDimension: null,
      rerankModel: null,
      isDefault: false,
    });
  });

  it('edits without the key (kept on the server) and tests the connection with the stored key', async () => {
    const server = start([stored]);
    await userEvent.click(await screen.findByRole('button', { name: '编辑模型服务：DeepSeek' }));
    const dialog = await screen.findByRole('dialog');
    const key = within(dialog).getByLabelText('API Key');
    expect((key as HTMLInputElement).value).toBe('');
    expect(key.getAttribute('placeholder')).toBe('已保存，留空则保持不变');

    await userEvent.click(within(dialog).getByRole('button', { name: /测试连接/ }));
    expect(await within(dialog).findByText('连接失败（42 ms）')).toBeTruthy();
    expect(within(dialog).getByText('HTTP 401: invalid api key')).toBeTruthy();
    const test = server.find('POST', '/api/system/v1/ai/provider/test')[0]?.body;
    expect(test).toMatchObject({ id: 'p1', name: 'DeepSeek' });
    expect(test).not.toHaveProperty('apiKey');

    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await screen.findByText('已保存');
    const saved = server.find('PUT', '/api/system/v1/ai/provider/p1')[0]?.body;
    expect(saved).toMatchObject({ name: 'DeepSeek', chatModel: 'deepseek-chat', isDefault: true });
    expect(saved).not.toHaveProperty('apiKey');
  });

  it('asks for the dimension when an embedding model is given', async () => {
    const server = start([stored]);
    await userEvent.click(await screen.findByRole('button', { name: '编辑模型服务：DeepSeek' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/向量模型/), 'text-embedding-v3');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('填写向量模型时需要填写维度（1–4096）')).toBeTruthy();
    expect(server.find('PUT', '/api/system/v1/ai/provider/p1')).toHaveLength(0);
  });

  it("shows this month's AI writing use per person with their monthly limit", async () => {
    const server = start([stored]);
    expect(await screen.findByText('AI 写作用量')).toBeTruthy();
    const row = (await screen.findByText('王小明')).closest('tr') as HTMLElement;
    expect(within(row).getByText('37')).toBeTruthy();
    expect(within(row).getByText('200')).toBeTruthy();
    expect(server.find('GET', '/api/system/v1/ai/write/usage')[0]?.query.get('month')).toBe(
      aiWriteMonthOf(new Date()),
    );
  });
});
