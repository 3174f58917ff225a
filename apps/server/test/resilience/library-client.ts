// The API as the web app calls it, for the resilience tests: one call answers what happened
// (status, envelope code, which server answered, how long it took) instead of throwing, so a
// load loop can count successes and failures; the AI answer stream is read as the web's
// stream-answer.ts reads it.
import { adminAccount, adminPassword } from './harness.js';

export interface Outcome<T = unknown> {
  /** HTTP 2xx and envelope code 0 */
  ok: boolean;
  /** 0 when no answer came (connection refused or reset, timeout) */
  status: number;
  code: number | null;
  data: T | null;
  retryAfter: string | null;
  /** HAProxy's x-served-by: which instance answered */
  server: string | null;
  error: string | null;
  startedAt: number;
  endedAt: number;
}

export type Body = { json: unknown } | { form: FormData } | undefined;

export async function call<T = unknown>(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string | null,
  body?: Body,
  timeoutMs = 20_000,
): Promise<Outcome<T>> {
  const startedAt = Date.now();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | FormData | undefined;
  if (body && 'json' in body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body) {
    payload = body.form;
  }
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let envelope: { code?: number; data?: T } = {};
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      // not an envelope (HAProxy's own 502/503 page)
    }
    const code = typeof envelope.code === 'number' ? envelope.code : null;
    return {
      ok: response.ok && code === 0,
      status: response.status,
      code,
      data: envelope.data ?? null,
      retryAfter: response.headers.get('retry-after'),
      server: response.headers.get('x-served-by'),
      error: null,
      startedAt,
      endedAt: Date.now(),
    };
  } catch (error) {
    return {
      ok: false,
      status: 0,
      code: null,
      data: null,
      retryAfter: null,
      server: null,
      error: describe(error),
      startedAt,
      endedAt: Date.now(),
    };
  }
}

function describe(error: unknown) {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.name}: ${error.message}${cause}`;
}

/** Like `call`, for setting up: anything but success throws. */
export async function must<T>(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string | null,
  body?: Body,
): Promise<T> {
  const outcome = await call<T>(base, method, path, token, body);
  if (!outcome.ok || outcome.data === null) {
    throw new Error(
      `${method} ${path}: ${outcome.status} ${outcome.code} ${outcome.error ?? ''}`.trim(),
    );
  }
  return outcome.data;
}

export async function loginAdmin(base: string): Promise<string> {
  const data = await must<{ token: string }>(base, 'POST', '/api/v1/user/login', null, {
    json: {
      account: adminAccount,
      password: adminPassword,
      client: { client: 'web', deviceId: `resilience-${process.pid}` },
    },
  });
  return data.token;
}

export async function createSpace(base: string, token: string, name: string) {
  return (await must<{ spaceId: string }>(base, 'POST', '/api/v2/space', token, { json: { name } }))
    .spaceId;
}

export async function createPage(base: string, token: string, spaceId: string, name: string) {
  const path = `/api/v2/space/${spaceId}/page`;
  return (await must<{ pageId: string }>(base, 'POST', path, token, { json: { name } })).pageId;
}

/** A BlockNote paragraph, as the editor sends it. */
export function paragraph(id: string, text: string) {
  return {
    id,
    type: 'paragraph',
    props: { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' },
    content: [{ type: 'text', text, styles: {} }],
    children: [],
  };
}

/** The editor's save: one new block at the end, based on the revision it loaded. */
export function saveBlock(
  base: string,
  token: string,
  pageId: string,
  baseRevision: number,
  blockId: string,
) {
  return call<{ revision: number }>(base, 'PUT', `/api/v2/space/page/${pageId}/block`, token, {
    json: {
      baseRevision,
      changes: [{ op: 'upsert', blockId, data: paragraph(blockId, `保存的段落 ${blockId}`) }],
    },
  });
}

export function pageRevision(base: string, token: string, pageId: string) {
  return call<{ revision: number }>(base, 'GET', `/api/v2/space/page/${pageId}`, token);
}

export function uploadFile(base: string, token: string, spaceId: string, name: string) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([`${name}\n${'馆藏文字 '.repeat(400)}`], { type: 'text/plain' }),
    name,
  );
  return call<{ fileId: string }>(base, 'POST', `/api/v3/space/${spaceId}/file`, token, {
    form,
  });
}

/** Configures the slow model for every space (embeddings too, so saves queue real work). */
export async function useModel(base: string, token: string, modelUrl: string) {
  await must(base, 'POST', '/api/system/v1/ai/provider', token, {
    json: {
      name: '慢模型',
      baseUrl: modelUrl,
      apiKey: 'sk-resilience',
      chatModel: 'slow-chat',
      embeddingModel: 'slow-embedding',
      embeddingDimension: 3,
      isDefault: true,
    },
  });
}

/** Turns the space's AI on with drafts indexed; answers its chat id. */
export async function enableAi(base: string, token: string, spaceId: string) {
  const detail = await must<{ chat: { id: string } | null }>(
    base,
    'POST',
    `/api/v1/ai/${spaceId}/enable`,
    token,
    { json: { enable: true } },
  );
  await must(base, 'PUT', `/api/v1/ai/${spaceId}/settings`, token, {
    json: { prologue: '', instructions: '', topK: 3, includeDrafts: true },
  });
  if (!detail.chat) throw new Error('the AI chat was not created');
  return detail.chat.id;
}

export async function createConversation(base: string, token: string, chatId: string) {
  const path = `/api/v1/ai/chat/${chatId}/session`;
  return (await must<{ id: string }>(base, 'POST', path, token, { json: { name: '问答' } })).id;
}

export interface StreamResult {
  /** final: the answer ended with its final event; failure: an error event; cut: the stream
   *  broke off or ended without the final event; http: no stream (status or connection) */
  end: 'final' | 'failure' | 'cut' | 'http';
  detail: string;
  status: number;
  server: string | null;
  deltas: number;
  startedAt: number;
  endedAt: number;
}

/** How an answer in progress is going: which server streams it, how many pieces came. */
export interface LiveStream {
  server: string | null;
  deltas: number;
}

/** Asks a question and reads the SSE answer to its end; `live` follows it meanwhile. */
export async function askStreaming(
  base: string,
  token: string,
  chatId: string,
  sessionId: string,
  question: string,
  live: LiveStream = { server: null, deltas: 0 },
  timeoutMs = 30_000,
): Promise<StreamResult> {
  const startedAt = Date.now();
  const result = (
    end: StreamResult['end'],
    detail: string,
    status: number,
    server: string | null,
    deltas = 0,
  ): StreamResult => ({ end, detail, status, server, deltas, startedAt, endedAt: Date.now() });
  let response: Response;
  try {
    response = await fetch(`${base}/api/v1/ai/chat/${chatId}/converse/stream`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({ sessionId, question }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return result('http', describe(error), 0, null);
  }
  const server = response.headers.get('x-served-by');
  live.server = server;
  if (!response.ok || !response.body) {
    await response.arrayBuffer().catch(() => undefined);
    return result('http', `status ${response.status}`, response.status, server);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let deltas = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!event.startsWith('data: ')) continue;
        const envelope = JSON.parse(event.slice(6)) as { code: number; msg: string; data: unknown };
        if (envelope.code !== 0) return result('failure', envelope.msg, 200, server, deltas);
        if (envelope.msg === 'ok') return result('final', '', 200, server, deltas);
        if (envelope.data && typeof envelope.data === 'object' && 'delta' in envelope.data) {
          deltas += 1;
          live.deltas = deltas;
        }
      }
    }
  } catch (error) {
    return result('cut', describe(error), 200, server, deltas);
  }
  return result('cut', 'the stream ended without the final event', 200, server, deltas);
}
