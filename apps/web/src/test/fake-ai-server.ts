// A stand-in for the AI endpoints at the fetch boundary: JSON envelopes for the ordinary calls
// and server-sent-event bodies, sent in the pieces a test chooses, for the answer stream. It
// records every request and honours aborts like a real connection (the body errors).
import { vi } from 'vitest';
import type { AiSession, ReferDoc } from '@library/contract';

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
  signal: AbortSignal | null;
}

export type FakeAnswer =
  | { status?: number; body: unknown }
  | { stream: ReadableStream<Uint8Array>; status?: number; contentType?: string };

type Route = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

const encoder = new TextEncoder();

/** A controllable SSE body: `send` pieces (text or bytes), then `close` or `fail`. */
export function sseBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    stream,
    send: (piece: string | Uint8Array) =>
      controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece),
    close: () => controller.close(),
    fail: (error: Error) => controller.error(error),
  };
}

/** A finished SSE body made of these pieces. */
export function sseStream(pieces: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) {
        controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      }
      controller.close();
    },
  });
}

export function event(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

export function createFakeAiServer(routes: Record<string, Route>) {
  const requests: FakeRequest[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const raw = init?.body;
    const request: FakeRequest = {
      method,
      path: url.pathname,
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw,
      headers: new Headers(init?.headers),
      signal: init?.signal ?? null,
    };
    requests.push(request);
    if (request.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const route = routes[`${method} ${url.pathname}`];
    if (!route) {
      return new Response(JSON.stringify({ code: 100007, data: null, msg: '' }), { status: 404 });
    }
    const answer = await route(request);
    if ('stream' in answer) {
      const reader = answer.stream.getReader();
      // the body errors when the request is aborted, as a real connection does
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          request.signal?.addEventListener('abort', () => {
            controller.error(new DOMException('aborted', 'AbortError'));
            void reader.cancel().catch(() => undefined);
          });
        },
        async pull(controller) {
          try {
            const next = await reader.read();
            if (next.done) controller.close();
            else controller.enqueue(next.value);
          } catch (error) {
            controller.error(error);
          }
        },
      });
      return new Response(body, {
        status: answer.status ?? 200,
        headers: { 'Content-Type': answer.contentType ?? 'text/event-stream' },
      });
    }
    const envelope =
      typeof answer.body === 'object' && answer.body !== null && 'code' in answer.body
        ? answer.body
        : { code: 0, data: answer.body, msg: 'ok' };
    return new Response(JSON.stringify(envelope), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return {
    fetch,
    requests,
    find: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path),
  };
}

export function session(fields: Partial<AiSession> & { id: string }): AiSession {
  return {
    name: '新对话',
    lastConverseTime: '2026-11-20T08:00:00.000Z',
    prologue: '',
    isPinned: false,
    pinnedAt: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    ...fields,
  };
}

export function referDoc(fields: Partial<ReferDoc> = {}): ReferDoc {
  return {
    index: 1,
    title: '入门指南',
    snippet: '这是一个中文知识库页面。',
    sourceType: 'page',
    spaceId: 's1',
    pageId: 'p1',
    blockId: 'b1',
    fileId: null,
    score: 1,
    ...fields,
  };
}
