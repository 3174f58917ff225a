// `POST /api/v1/ai/chat/{chatId}/converse/stream` {sessionId, question}: the answer as
// server-sent events. EventSource cannot POST, so this is fetch + a stream reader. Failures are
// told apart as spec §8 needs: no connection, a non-OK status, a failure event (its msg), a
// stream that ended without the final event. Aborting (stop, reset) rejects with
// RequestCancelledError; the server then keeps what was said so far.
import { ErrorCode, errorCatalogue, errorMessage, type Locale } from '@library/contract';
import { RequestCancelledError, apiBase, trimServerMessage } from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';
import { getToken } from '../../../stores/session-store';
import { SseDataReader, parseAnswerEvent, type AnswerStreamEvent } from '../lib/sse-parser';

export type AnswerFailure =
  /** the request never got an answer (network down, server unreachable) */
  | { kind: 'connect'; detail: string }
  /**
   * a non-OK status before streaming started; `message` (and `code`) from the body's envelope
   * when it has one
   */
  | { kind: 'http'; status: number; message: string; code?: number }
  /** a failure event in the stream (non-zero code); `message` may be empty */
  | { kind: 'stream'; code: number; message: string }
  /** the stream broke off or ended without the final event */
  | { kind: 'incomplete'; detail: string };

export class AnswerStreamError extends Error {
  readonly failure: AnswerFailure;
  constructor(failure: AnswerFailure) {
    super(`answer stream failed: ${failure.kind}`);
    this.name = 'AnswerStreamError';
    this.failure = failure;
  }
}

export interface FinalAnswer {
  id: string;
  answer: string;
  prompt: string;
  docs: Extract<AnswerStreamEvent, { kind: 'final' }>['docs'];
}

export interface StreamAnswerOptions {
  chatId: string;
  sessionId: string;
  question: string;
  signal: AbortSignal;
  /** every event except failures, in order (references, deltas, final) */
  onEvent: (event: Exclude<AnswerStreamEvent, { kind: 'failure' }>) => void;
}

function describe(caught: unknown): string {
  return caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught);
}

/**
 * The code and message of an error envelope: its msg (after 'msg:'), else the catalogue's text;
 * nothing when the body is not one.
 */
function envelopeError(body: string, locale: Locale): { message: string; code?: number } {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; msg?: unknown };
    if (typeof parsed.code !== 'number' || parsed.code === ErrorCode.success)
      return { message: '' };
    const { code } = parsed;
    const msg = typeof parsed.msg === 'string' ? trimServerMessage(parsed.msg) : '';
    if (msg) return { message: msg, code };
    return { message: code in errorCatalogue ? errorMessage(code, locale) : '', code };
  } catch {
    // not JSON: the status alone says it
  }
  return { message: '' };
}

export function streamAnswer(options: StreamAnswerOptions): Promise<FinalAnswer> {
  const { chatId, sessionId, question, signal, onEvent } = options;
  return postForAnswer({
    path: `/v1/ai/chat/${encodeURIComponent(chatId)}/converse/stream`,
    body: { sessionId, question },
    signal,
    onEvent,
  });
}

export interface AnswerRequest {
  /** under the API base, e.g. `/v1/share/s/<token>/ask` */
  path: string;
  body: unknown;
  /** sent along (a share's grant) */
  headers?: Record<string, string>;
  signal: AbortSignal;
  onEvent: StreamAnswerOptions['onEvent'];
}

/** POSTs `body` to an answering route and reads its server-sent events (see above). */
export async function postForAnswer(request: AnswerRequest): Promise<FinalAnswer> {
  const { onEvent, ...post } = request;
  let final: FinalAnswer | null = null;
  await postEventStream(post, (data) => {
    const event = parseAnswerEvent(data);
    if (event.kind === 'failure') {
      throw new AnswerStreamError({
        kind: 'stream',
        code: event.code,
        message: trimServerMessage(event.message),
      });
    }
    if (event.kind === 'final') {
      final = { id: event.id, answer: event.answer, prompt: event.prompt, docs: event.docs };
    }
    onEvent(event);
  });
  if (!final) throw new AnswerStreamError({ kind: 'incomplete', detail: 'no final event' });
  return final;
}

export type EventStreamRequest = Omit<AnswerRequest, 'onEvent'>;

/**
 * POSTs `body` and hands the data of each server-sent event to `onData`, which may throw an
 * AnswerStreamError to stop reading (a failure event). Rejects as the module comment says.
 */
export async function postEventStream(
  request: EventStreamRequest,
  onData: (data: string) => void,
): Promise<void> {
  const { signal } = request;
  const locale = currentLocale();
  const headers = new Headers({
    ...request.headers,
    Accept: 'text/event-stream',
    'Content-Type': 'application/json',
    locale,
  });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await globalThis.fetch(`${apiBase}${request.path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(request.body),
      credentials: 'include',
      signal,
    });
  } catch (caught) {
    if (signal.aborted) throw new RequestCancelledError();
    throw new AnswerStreamError({ kind: 'connect', detail: describe(caught) });
  }

  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    throw new AnswerStreamError({
      kind: 'http',
      status: response.status,
      ...envelopeError(text, locale),
    });
  }
  // An error may also come as a plain JSON envelope with status 200.
  if (response.headers.get('content-type')?.includes('application/json')) {
    const text = await response.text();
    const event = parseAnswerEvent(text);
    const failure =
      event.kind === 'failure'
        ? event
        : { kind: 'failure' as const, code: ErrorCode.unknown, message: '' };
    throw new AnswerStreamError({
      kind: 'stream',
      code: failure.code,
      message: trimServerMessage(failure.message),
    });
  }

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const sse = new SseDataReader();
  const take = (events: string[]) => {
    for (const data of events) onData(data);
  };
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (caught) {
        if (signal.aborted) throw new RequestCancelledError();
        throw new AnswerStreamError({ kind: 'incomplete', detail: describe(caught) });
      }
      if (chunk.done) break;
      take(sse.push(decoder.decode(chunk.value, { stream: true })));
    }
    take(sse.push(decoder.decode()));
    take(sse.end());
  } finally {
    // a failure event ends our reading early: close the connection too
    void reader.cancel().catch(() => undefined);
  }
  if (signal.aborted) throw new RequestCancelledError();
}
