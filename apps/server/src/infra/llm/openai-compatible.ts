// Client of an OpenAI-compatible endpoint (DeepSeek, Qwen/DashScope, Moonshot, GLM, OpenAI,
// Ollama, vLLM …) over plain fetch: streamed chat completions (SSE), embeddings and an optional
// rerank call (the Jina/Cohere-style `/rerank` most gateways expose). Every call has a deadline
// and follows the caller's AbortSignal, so closing the chat stops the model call.

export interface LlmEndpoint {
  baseUrl: string;
  apiKey: string | null;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export class LlmError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export interface LlmTimeouts {
  /** until the response headers and the first token */
  firstTokenMs: number;
  /** longest silence between two streamed pieces */
  idleMs: number;
}

export const defaultTimeouts: LlmTimeouts = { firstTokenMs: 60_000, idleMs: 30_000 };

function url(endpoint: LlmEndpoint, path: string) {
  return `${endpoint.baseUrl.replace(/\/+$/, '')}${path}`;
}

function headers(endpoint: LlmEndpoint): Record<string, string> {
  return {
    'content-type': 'application/json',
    ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
  };
}

/** The provider's own error text, if its body says one (`{error:{message}}` or `{message}`). */
async function failure(response: Response): Promise<LlmError> {
  const body = await response.text().catch(() => '');
  let message = body.slice(0, 300);
  try {
    const parsed = JSON.parse(body) as {
      error?: { message?: unknown } | string;
      message?: unknown;
    };
    const inner =
      typeof parsed.error === 'string'
        ? parsed.error
        : typeof parsed.error?.message === 'string'
          ? parsed.error.message
          : typeof parsed.message === 'string'
            ? parsed.message
            : null;
    if (inner) message = inner;
  } catch {
    // not JSON: keep the text
  }
  return new LlmError(
    `model service answered HTTP ${response.status}: ${message}`,
    response.status,
  );
}

/** A signal that fires on the caller's abort or when `ms` pass (restartable per piece). */
function deadline(outer: AbortSignal | undefined) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let timedOut = false;
  const onAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onAbort, { once: true });
  if (outer?.aborted) controller.abort(outer.reason);
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    restart(ms: number) {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new LlmError(`model service did not answer within ${ms} ms`));
      }, ms);
    },
    done() {
      if (timer) clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

function rethrow(error: unknown, timer: { timedOut: boolean; signal: AbortSignal }): never {
  if (timer.timedOut && timer.signal.reason instanceof LlmError) throw timer.signal.reason;
  if (error instanceof LlmError) throw error;
  if (timer.signal.aborted) throw error;
  const cause = error instanceof Error ? (error.cause ?? error) : error;
  const detail = cause instanceof Error ? cause.message : String(cause);
  throw new LlmError(`cannot reach the model service: ${detail}`);
}

/**
 * Streams the answer's text pieces. Ends normally at `[DONE]` or the end of the body; throws
 * LlmError on an error status, a malformed chunk, a timeout or a dropped connection, and the
 * caller's abort reason when it aborts.
 */
export async function* streamChat(
  endpoint: LlmEndpoint,
  request: { model: string; messages: ChatMessage[]; temperature?: number },
  options: { signal?: AbortSignal; timeouts?: LlmTimeouts } = {},
): AsyncGenerator<string> {
  const timeouts = options.timeouts ?? defaultTimeouts;
  const timer = deadline(options.signal);
  timer.restart(timeouts.firstTokenMs);
  try {
    let response: Response;
    try {
      response = await fetch(url(endpoint, '/chat/completions'), {
        method: 'POST',
        headers: { ...headers(endpoint), accept: 'text/event-stream' },
        body: JSON.stringify({ ...request, stream: true }),
        signal: timer.signal,
      });
    } catch (error) {
      rethrow(error, timer);
    }
    if (!response.ok) throw await failure(response);
    if (!response.body) throw new LlmError('model service sent no body');
    const decoder = new TextDecoder();
    let buffer = '';
    let first = true;
    const reader = response.body.getReader();
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          rethrow(error, timer);
        }
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline).trim();
          buffer = buffer.slice(newline + 1);
          if (!line.startsWith('data:')) continue;
          const data = line.slice(5).trim();
          if (data === '[DONE]') return;
          const piece = deltaOf(data);
          if (piece) {
            if (first) first = false;
            timer.restart(timeouts.idleMs);
            yield piece;
          }
        }
        if (!first) timer.restart(timeouts.idleMs);
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
  } finally {
    timer.done();
  }
}

function deltaOf(data: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new LlmError(`model service sent a malformed chunk: ${data.slice(0, 100)}`);
  }
  const record = parsed as {
    choices?: Array<{ delta?: { content?: unknown } }>;
    error?: { message?: unknown };
  };
  if (record.error) {
    throw new LlmError(`model service failed: ${String(record.error.message ?? 'unknown error')}`);
  }
  const content = record.choices?.[0]?.delta?.content;
  return typeof content === 'string' ? content : '';
}

async function postJson<T>(
  endpoint: LlmEndpoint,
  path: string,
  body: unknown,
  options: { signal?: AbortSignal; timeoutMs: number },
): Promise<T> {
  const timer = deadline(options.signal);
  timer.restart(options.timeoutMs);
  try {
    let response: Response;
    try {
      response = await fetch(url(endpoint, path), {
        method: 'POST',
        headers: headers(endpoint),
        body: JSON.stringify(body),
        signal: timer.signal,
      });
    } catch (error) {
      rethrow(error, timer);
    }
    if (!response.ok) throw await failure(response);
    try {
      return (await response.json()) as T;
    } catch (error) {
      if (timer.signal.aborted) rethrow(error, timer);
      throw new LlmError('model service sent malformed JSON');
    }
  } finally {
    timer.done();
  }
}

/** One embedding per input, in order. */
export async function embed(
  endpoint: LlmEndpoint,
  request: { model: string; input: string[]; dimensions?: number | null },
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<number[][]> {
  const body = await postJson<{ data?: Array<{ index?: number; embedding?: unknown }> }>(
    endpoint,
    '/embeddings',
    {
      model: request.model,
      input: request.input,
      ...(request.dimensions ? { dimensions: request.dimensions } : {}),
    },
    { signal: options.signal, timeoutMs: options.timeoutMs ?? 60_000 },
  );
  const rows = body.data ?? [];
  if (rows.length !== request.input.length) {
    throw new LlmError(`embeddings: expected ${request.input.length} vectors, got ${rows.length}`);
  }
  const vectors: number[][] = [];
  rows.forEach((row, position) => {
    const vector = row.embedding;
    if (!Array.isArray(vector) || !vector.every((value) => typeof value === 'number')) {
      throw new LlmError('embeddings: malformed vector');
    }
    vectors[row.index ?? position] = vector as number[];
  });
  return vectors;
}

/** Relevance of each document to the query (higher is better), by input position. */
export async function rerank(
  endpoint: LlmEndpoint,
  request: { model: string; query: string; documents: string[] },
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<number[]> {
  const body = await postJson<{
    results?: Array<{ index?: number; relevance_score?: number }>;
  }>(
    endpoint,
    '/rerank',
    { ...request, top_n: request.documents.length },
    { signal: options.signal, timeoutMs: options.timeoutMs ?? 20_000 },
  );
  const scores = request.documents.map(() => Number.NEGATIVE_INFINITY);
  for (const result of body.results ?? []) {
    if (typeof result.index === 'number' && typeof result.relevance_score === 'number') {
      scores[result.index] = result.relevance_score;
    }
  }
  return scores;
}

/** A one-token completion: proves the URL, key and chat model answer. */
export async function ping(
  endpoint: LlmEndpoint,
  model: string,
  options: { timeoutMs?: number } = {},
): Promise<void> {
  await postJson(
    endpoint,
    '/chat/completions',
    { model, messages: [{ role: 'user', content: 'ping' }], max_tokens: 1, stream: false },
    { timeoutMs: options.timeoutMs ?? 15_000 },
  );
}
