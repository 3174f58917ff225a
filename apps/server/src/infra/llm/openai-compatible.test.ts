import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../test/fakes/openai.js';
import { embed, LlmError, ping, rerank, streamChat } from './openai-compatible.js';

let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});

const endpoint = () => ({ baseUrl: fake.baseUrl, apiKey: 'sk-test' });
const request = { model: 'fake-chat', messages: [{ role: 'user' as const, content: '你好' }] };

async function collect(iterable: AsyncIterable<string>) {
  const pieces: string[] = [];
  for await (const piece of iterable) pieces.push(piece);
  return pieces;
}

describe('OpenAI-compatible client against a fake server on loopback', () => {
  it('streams the pieces in order and sends the key as a bearer token', async () => {
    fake.chat = { kind: 'stream', pieces: ['北京', '是', '首都'] };
    expect(await collect(streamChat(endpoint(), request))).toEqual(['北京', '是', '首都']);
    const last = fake.requests.at(-1);
    expect(last?.authorization).toBe('Bearer sk-test');
    expect(last?.body.stream).toBe(true);
  });

  it('reports an error status with the provider message', async () => {
    fake.chat = { kind: 'status', status: 401, message: 'invalid api key' };
    const error = await collect(streamChat(endpoint(), request)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).status).toBe(401);
    expect((error as LlmError).message).toContain('invalid api key');
  });

  it('fails on a malformed chunk after yielding what came before', async () => {
    fake.chat = { kind: 'malformed' };
    const pieces: string[] = [];
    const error = await (async () => {
      for await (const piece of streamChat(endpoint(), request)) pieces.push(piece);
    })().catch((e: unknown) => e);
    expect(pieces).toEqual(['一']);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as Error).message).toMatch(/malformed/);
  });

  it('fails when the connection drops mid-stream', async () => {
    fake.chat = { kind: 'disconnect', piecesBefore: ['半', '句'] };
    const pieces: string[] = [];
    const error = await (async () => {
      for await (const piece of streamChat(endpoint(), request)) pieces.push(piece);
    })().catch((e: unknown) => e);
    expect(pieces).toEqual(['半', '句']);
    expect(error).toBeInstanceOf(LlmError);
  });

  it('times out a slow first token and stops on the caller abort', async () => {
    fake.chat = { kind: 'stream', pieces: ['迟'], firstTokenDelayMs: 400 };
    const slow = await collect(
      streamChat(endpoint(), request, { timeouts: { firstTokenMs: 100, idleMs: 100 } }),
    ).catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(LlmError);
    expect((slow as Error).message).toMatch(/within 100 ms/);

    const controller = new AbortController();
    const closed = fake.clientClosed();
    const pending = collect(streamChat(endpoint(), request, { signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('user stopped')), 50);
    await expect(pending).rejects.toThrow();
    await closed; // the fake server saw the connection go away
  });

  it('embeds, reranks and pings', async () => {
    expect(await embed(endpoint(), { model: 'e', input: ['甲', '乙乙'] })).toHaveLength(2);
    const scores = await rerank(endpoint(), { model: 'r', query: 'q', documents: ['a', 'b'] });
    expect(scores[0]! > scores[1]!).toBe(true);
    await expect(ping(endpoint(), 'fake-chat')).resolves.toBeUndefined();
    await expect(ping({ baseUrl: 'http://127.0.0.1:9', apiKey: null }, 'x')).rejects.toThrow(
      /cannot reach/,
    );
  });
});
