import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  /** the query string's parameters */
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Handler = (request: RecordedRequest) => { status?: number; body: unknown } | undefined;

/** A fetch stand-in answering `/api` calls with envelopes, recording what the app sent. */
export function createFakeServer(routes: Record<string, Handler | unknown>) {
  const requests: RecordedRequest[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const raw = init?.body;
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw,
      headers: new Headers(init?.headers),
    };
    requests.push(request);
    const route = routes[`${method} ${url.pathname}`];
    const answer =
      typeof route === 'function'
        ? (route as Handler)(request)
        : route === undefined
          ? undefined
          : { body: route };
    if (!answer) {
      return new Response(JSON.stringify({ code: 100007, data: null, msg: 'not found' }), {
        status: 404,
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

export const sampleUser = {
  userId: '10001',
  nickname: '林小书',
  avatar: null,
  mobile: '13800138000',
  email: null,
  status: 'active',
  hasPassword: false,
  createdAt: '2025-01-01T00:00:00.000Z',
} as const;
