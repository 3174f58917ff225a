import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestCancelledError } from '../../../lib/api-client';
import { AnswerStreamError, streamAnswer } from '../api/stream-answer';
import {
  createFakeAiServer,
  event,
  referDoc,
  sseBody,
  sseStream,
} from '../../../test/fake-ai-server';
import { SseDataReader, parseAnswerEvent } from './sse-parser';

const streamPath = 'POST /api/v1/ai/chat/c1/converse/stream';
const final = { answer: '答案 [1]', id: 'a1', prompt: '提示', referDocList: [referDoc()] };

describe('SseDataReader', () => {
  it('gives an event only once its blank line has arrived, wherever the pieces are cut', () => {
    const reader = new SseDataReader();
    expect(reader.push('da')).toEqual([]);
    expect(reader.push('ta: {"a"')).toEqual([]);
    expect(reader.push(':1}\n')).toEqual([]);
    expect(reader.push('\ndata: second\n\nda')).toEqual(['{"a":1}', 'second']);
    expect(reader.push('ta: third\n\n')).toEqual(['third']);
  });

  it('joins multi-line data, reads CRLF and CR line ends, skips comments and other fields', () => {
    const reader = new SseDataReader();
    expect(reader.push(': keep-alive\r\nevent: x\r\nid: 7\r\ndata: one\r\ndata:two\r\n\r')).toEqual(
      [],
    );
    // the CR above may be half of a CRLF: only the next piece tells
    expect(reader.push('\ndata: three\r\rdata: four\n')).toEqual(['one\ntwo', 'three']);
    expect(reader.end()).toEqual(['four']);
  });
});

describe('parseAnswerEvent', () => {
  it('tells references, pieces of text, the final answer and failures apart', () => {
    expect(
      parseAnswerEvent(JSON.stringify({ code: 0, data: { referDocList: [] }, msg: '' })),
    ).toEqual({ kind: 'references', docs: [] });
    expect(parseAnswerEvent(JSON.stringify({ code: 0, data: { delta: '你' }, msg: '' }))).toEqual({
      kind: 'delta',
      text: '你',
    });
    expect(parseAnswerEvent(JSON.stringify({ code: 0, data: final, msg: 'ok' }))).toEqual({
      kind: 'final',
      answer: '答案 [1]',
      id: 'a1',
      prompt: '提示',
      docs: final.referDocList,
    });
    expect(parseAnswerEvent(JSON.stringify({ code: 100001, data: null, msg: '模型超时' }))).toEqual(
      { kind: 'failure', code: 100001, message: '模型超时' },
    );
  });

  it('calls anything else malformed', () => {
    expect(parseAnswerEvent('{"code":0,"da').kind).toBe('malformed');
    expect(parseAnswerEvent('{"data":{"delta":"x"}}').kind).toBe('malformed');
    expect(parseAnswerEvent('{"code":0,"data":{"other":1},"msg":""}').kind).toBe('malformed');
  });
});

describe('streamAnswer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function ask(onEvent = vi.fn(), signal = new AbortController().signal) {
    return streamAnswer({ chatId: 'c1', sessionId: 's1', question: '怎么上手？', signal, onEvent });
  }

  it('reads events cut across reads (even inside a Chinese character) up to the final one', async () => {
    const bytes = new TextEncoder().encode(
      event({ code: 0, data: { referDocList: [referDoc()] }, msg: '' }) +
        event({ code: 0, data: { delta: '知识库' }, msg: '' }) +
        event({ code: 0, data: final, msg: 'ok' }),
    );
    // cut every 7 bytes: lines, JSON and the 3-byte characters all break somewhere
    const pieces: Uint8Array[] = [];
    for (let at = 0; at < bytes.length; at += 7) pieces.push(bytes.slice(at, at + 7));
    const server = createFakeAiServer({ [streamPath]: () => ({ stream: sseStream(pieces) }) });
    vi.stubGlobal('fetch', server.fetch);
    const onEvent = vi.fn();

    const answer = await ask(onEvent);

    expect(answer).toEqual({ id: 'a1', answer: '答案 [1]', prompt: '提示', docs: [referDoc()] });
    expect(onEvent.mock.calls.map((call) => (call[0] as { kind: string }).kind)).toEqual([
      'references',
      'delta',
      'final',
    ]);
    expect(onEvent.mock.calls[1]?.[0]).toEqual({ kind: 'delta', text: '知识库' });
    expect(server.requests[0]?.body).toEqual({ sessionId: 's1', question: '怎么上手？' });
    expect(server.requests[0]?.headers.get('Accept')).toBe('text/event-stream');
  });

  it('skips a malformed event and goes on', async () => {
    const server = createFakeAiServer({
      [streamPath]: () => ({
        stream: sseStream([
          'data: {not json\n\n',
          event({ code: 0, data: { delta: '好' }, msg: '' }),
          event({ code: 0, data: final, msg: 'ok' }),
        ]),
      }),
    });
    vi.stubGlobal('fetch', server.fetch);
    const onEvent = vi.fn();
    await expect(ask(onEvent)).resolves.toMatchObject({ id: 'a1' });
    expect(onEvent).toHaveBeenCalledWith({ kind: 'malformed', raw: '{not json' });
    expect(onEvent).toHaveBeenCalledWith({ kind: 'delta', text: '好' });
  });

  it('fails with the code and message of a failure event', async () => {
    const server = createFakeAiServer({
      [streamPath]: () => ({
        stream: sseStream([
          event({ code: 0, data: { delta: '半句' }, msg: '' }),
          event({ code: 100001, data: null, msg: 'Server error msg: 模型服务超时' }),
        ]),
      }),
    });
    vi.stubGlobal('fetch', server.fetch);
    const failure = await ask().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnswerStreamError);
    expect((failure as AnswerStreamError).failure).toEqual({
      kind: 'stream',
      code: 100001,
      message: '模型服务超时',
    });
  });

  it('fails as incomplete when the stream ends without the final event', async () => {
    const server = createFakeAiServer({
      [streamPath]: () => ({
        stream: sseStream([event({ code: 0, data: { delta: '半' }, msg: '' })]),
      }),
    });
    vi.stubGlobal('fetch', server.fetch);
    const failure = await ask().catch((error: unknown) => error);
    expect((failure as AnswerStreamError).failure.kind).toBe('incomplete');
  });

  it('fails with the HTTP status (and the body message) of a non-OK answer', async () => {
    const server = createFakeAiServer({
      [streamPath]: () => ({ status: 404, body: { code: 100007, data: null, msg: '' } }),
    });
    vi.stubGlobal('fetch', server.fetch);
    const failure = await ask().catch((error: unknown) => error);
    expect((failure as AnswerStreamError).failure).toEqual({
      kind: 'http',
      status: 404,
      message: '数据不存在',
      code: 100007,
    });
  });

  it('fails as "cannot connect" when no answer comes at all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const failure = await ask().catch((error: unknown) => error);
    expect((failure as AnswerStreamError).failure).toEqual({
      kind: 'connect',
      detail: 'TypeError: Failed to fetch',
    });
  });

  it('is cancelled, not failed, when stopped mid-stream', async () => {
    const body = sseBody();
    const server = createFakeAiServer({ [streamPath]: () => ({ stream: body.stream }) });
    vi.stubGlobal('fetch', server.fetch);
    const controller = new AbortController();
    const onEvent = vi.fn();
    const pending = ask(onEvent, controller.signal).catch((error: unknown) => error);
    body.send(event({ code: 0, data: { delta: '一' }, msg: '' }));
    await vi.waitFor(() => expect(onEvent).toHaveBeenCalled());
    controller.abort();
    expect(await pending).toBeInstanceOf(RequestCancelledError);
  });
});
