// One question in a conversation: retrieval filtered by the asker's access, then the answer from
// the configured model (streamed) or the offline answerer, saved as it goes. The caller gets
// events (references first, then text pieces, then the final answer); aborting the signal stops
// the model and keeps what was said so far. `streamAnswer` sends those events to the client as
// server-sent events.
import type { ServerResponse } from 'node:http';
import {
  ErrorCode,
  errorMessage,
  type AiStreamFinal,
  type Envelope,
  type Locale,
  type ReferDoc,
  type SpaceAccessRole,
} from '@library/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { KeyCipher } from '../../infra/llm/key-cipher.js';
import { LlmError, streamChat, type LlmTimeouts } from '../../infra/llm/openai-compatible.js';
import { buildPrompt, guardMarkdown, offlineAnswer, referDocsOf, settledLength } from './answer.js';
import { citedByRerank } from './citation-rerank.js';
import * as repo from './conversation.repo.js';
import { accessSession } from './conversation.service.js';
import { activeProvider } from './provider.service.js';
import type { PageScope } from './retrieval.repo.js';
import type { SpaceAiRow } from './space-ai.repo.js';
import { searchSpace } from './space-search.js';

export interface ConverseEvents {
  references(list: ReferDoc[]): void;
  delta(text: string): void;
}

export interface ConverseDeps {
  db: Database;
  cipher: KeyCipher;
  log: FastifyBaseLogger;
  timeouts: LlmTimeouts;
}

/** Checks access and records the question; throws AppError (404) before anything streams. */
export async function startConverse(
  deps: ConverseDeps,
  userId: number,
  chatId: string,
  sessionId: string,
) {
  const access = await accessSession(deps.db, userId, sessionId);
  if (access.ai.chatId !== chatId) throw new AppError(ErrorCode.dataMissing);
  return access;
}

/** What an answer is drawn from: a space's AI settings, the asker's role, earlier turns. */
export interface AnswerSource {
  ai: Pick<SpaceAiRow, 'spaceId' | 'includeDrafts' | 'topK' | 'instructions'>;
  role: SpaceAccessRole;
  history: Array<{ question: string; answer: string }>;
  /** only these pages' passages (a share's pages); the whole space when unset */
  pages?: PageScope;
}

/** The answer so far, kept by the caller (the chat saves it even when the answer stops). */
export interface AnswerProgress {
  answer: string;
  prompt: string;
  referDocList: ReferDoc[];
}

/**
 * Retrieval, then the answer from the configured model (streamed) or the offline answerer:
 * references first, then safe text pieces. Throws when the signal aborts.
 */
export async function answerQuestion(
  deps: ConverseDeps,
  source: AnswerSource,
  question: string,
  events: ConverseEvents,
  signal: AbortSignal,
  progress: AnswerProgress,
): Promise<void> {
  const { ai } = source;
  const provider = await activeProvider(deps.db, deps.cipher);
  const passages = await searchSpace(deps, ai, source.role, question, {
    topK: ai.topK,
    signal,
    provider,
    ...(source.pages ? { pages: source.pages } : {}),
  });
  const citedAt = await citedByRerank(provider, question, passages, { log: deps.log, signal });
  progress.referDocList = referDocsOf(ai.spaceId, question, passages, citedAt);
  events.references(progress.referDocList);

  let sent = '';
  const emit = (final: boolean) => {
    const answer = progress.answer;
    const safe = guardMarkdown(final ? answer : answer.slice(0, settledLength(answer)));
    if (safe.length > sent.length && safe.startsWith(sent)) {
      events.delta(safe.slice(sent.length));
      sent = safe;
    }
  };
  if (provider) {
    const built = buildPrompt({
      question,
      passages,
      instructions: ai.instructions,
      history: source.history,
    });
    progress.prompt = built.prompt;
    for await (const piece of streamChat(
      provider.endpoint,
      { model: provider.row.chatModel, messages: built.messages },
      { signal, timeouts: deps.timeouts },
    )) {
      progress.answer += piece;
      emit(false);
    }
  } else {
    progress.prompt = passages.map((p, i) => `[${i + 1}] ${p.title}\n${p.text}`).join('\n\n');
    // The offline answer is sent in short pieces, like a model's, so the client path is one.
    const full = offlineAnswer(question, passages);
    for (let at = 0; at < full.length && !signal.aborted; at += 24) {
      progress.answer += full.slice(at, at + 24);
      emit(false);
    }
  }
  if (signal.aborted) {
    throw signal.reason instanceof Error ? signal.reason : new Error('stopped');
  }
  emit(true);
}

export async function converse(
  deps: ConverseDeps,
  access: Awaited<ReturnType<typeof startConverse>>,
  question: string,
  events: ConverseEvents,
  signal: AbortSignal,
): Promise<AiStreamFinal> {
  const { db } = deps;
  const { session, ai, role } = access;
  const history = await repo.listTurns(db, session.id);
  const messageId = await repo.insertMessage(db, session.id, question);
  await repo.updateSession(db, session.id, { lastConverseAt: new Date() });

  const progress: AnswerProgress = { answer: '', prompt: '', referDocList: [] };
  const save = (status: 'done' | 'stopped' | 'failed') =>
    repo.saveAnswer(db, messageId, {
      answer: guardMarkdown(progress.answer),
      prompt: progress.prompt,
      referDocs: progress.referDocList,
      status,
    });

  try {
    await answerQuestion(deps, { ai, role, history }, question, events, signal, progress);
    await save('done');
    const { prompt, referDocList } = progress;
    return { answer: guardMarkdown(progress.answer), id: messageId, prompt, referDocList };
  } catch (error) {
    await save(signal.aborted ? 'stopped' : 'failed').catch((saveError: unknown) =>
      deps.log.error({ err: saveError }, 'saving a partial AI answer failed'),
    );
    throw error;
  }
}

/** Where the answer stream goes: the raw response of a request Fastify no longer handles. */
export interface StreamTarget {
  response: ServerResponse;
  requestId: string;
  locale: Locale;
  log: FastifyBaseLogger;
  /** calls back when the asker's session is revoked mid-answer; returns the unsubscribe */
  watchRevocation?: (onRevoked: () => void) => () => void;
}

/**
 * Answers the question as server-sent events: each event is an envelope (the references, then
 * text pieces, then the final answer with `msg: 'ok'`, or an error envelope). The client
 * closing the response stops the model.
 */
export async function streamAnswer(
  deps: ConverseDeps,
  access: Awaited<ReturnType<typeof startConverse>>,
  question: string,
  target: StreamTarget,
) {
  await streamEvents(target, (events, signal) => converse(deps, access, question, events, signal));
}

/**
 * Sends what `run` answers as server-sent events (see `streamAnswer`): the chat's final answer,
 * or AI writing's final blocks.
 */
export async function streamEvents<Final = AiStreamFinal>(
  target: StreamTarget,
  run: (events: ConverseEvents, signal: AbortSignal) => Promise<Final>,
) {
  const raw = target.response;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': target.requestId,
  });
  raw.flushHeaders();
  const controller = new AbortController();
  // The response closing before we end it means the client went away: stop the model.
  raw.on('close', () => {
    if (!raw.writableFinished) controller.abort(new Error('client closed the stream'));
  });
  // gone already, while the checks before the stream ran: the close event will not come again
  if (raw.destroyed || raw.socket?.destroyed)
    controller.abort(new Error('client closed the stream'));
  const send = (event: Envelope<unknown>) => {
    if (!raw.writableEnded && !raw.destroyed) raw.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  // an account logged out by an administrator (or a password change) stops its answer at once
  const unwatch =
    target.watchRevocation?.(() => {
      send({
        code: ErrorCode.tokenExpired,
        data: null,
        msg: errorMessage(ErrorCode.tokenExpired, target.locale),
      });
      controller.abort(new Error('session revoked'));
    }) ?? (() => undefined);
  try {
    const final = await run(
      {
        references: (referDocList) => send({ code: 0, data: { referDocList }, msg: '' }),
        delta: (delta) => send({ code: 0, data: { delta }, msg: '' }),
      },
      controller.signal,
    );
    send({ code: 0, data: final, msg: 'ok' });
  } catch (error) {
    if (!controller.signal.aborted) {
      target.log.warn({ err: error }, 'AI answer failed');
      const detail = error instanceof LlmError ? error.message : `request id ${target.requestId}`;
      send({
        code: ErrorCode.serverError,
        data: null,
        msg: `${errorMessage(ErrorCode.serverError, target.locale)}: ${detail}`,
      });
    }
  } finally {
    unwatch();
    if (!raw.writableEnded) raw.end();
  }
}
