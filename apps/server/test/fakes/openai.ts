// A fake OpenAI-compatible server on loopback for tests and benchmarks: streamed chat
// completions (pieces, optional slow first token, error status, malformed chunk, mid-stream
// disconnect), embeddings and rerank. It records the requests it received.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeChatMode =
  | { kind: 'stream'; pieces: string[]; firstTokenDelayMs?: number; pieceDelayMs?: number }
  | { kind: 'status'; status: number; message: string }
  | { kind: 'malformed' }
  | { kind: 'disconnect'; piecesBefore: string[] };

export interface FakeOpenAiServer {
  baseUrl: string;
  requests: Array<{ path: string; body: Record<string, unknown>; authorization: string | null }>;
  chat: FakeChatMode;
  /** how `/rerank` scores a document (by default each below the one before: the order kept),
   *  or the error status it answers with */
  rerank:
    | { kind: 'score'; score: (query: string, document: string, index: number) => number }
    | {
        kind: 'status';
        status: number;
      };
  /** resolves when a streamed chat request's connection closed before the server ended it */
  clientClosed(): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chunk(content: string) {
  return `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
}

export async function startFakeOpenAi(): Promise<FakeOpenAiServer> {
  let closedWaiters: Array<() => void> = [];
  const state: FakeOpenAiServer = {
    baseUrl: '',
    requests: [],
    chat: { kind: 'stream', pieces: ['你好'] },
    rerank: { kind: 'score', score: (_query, _document, index) => -index },
    clientClosed: () => new Promise((resolve) => closedWaiters.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const part of req) raw += String(part);
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    const path = (req.url ?? '').replace(/^\/v1/, '');
    state.requests.push({ path, body, authorization: req.headers.authorization ?? null });
    if (path === '/embeddings') {
      const input = body.input as string[];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: input.map((text, index) => ({
            index,
            embedding: [text.length % 7, (text.charCodeAt(0) || 1) % 5, 1],
          })),
        }),
      );
      return;
    }
    if (path === '/rerank') {
      const documents = body.documents as string[];
      const mode = state.rerank;
      if (mode.kind === 'status') {
        res.writeHead(mode.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'rerank unavailable' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          results: documents.map((text, index) => ({
            index,
            relevance_score: mode.score(String(body.query), text, index),
          })),
        }),
      );
      return;
    }
    if (path !== '/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const mode = state.chat;
    if (mode.kind === 'status') {
      res.writeHead(mode.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: mode.message } }));
      return;
    }
    if (body.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'p' } }] }));
      return;
    }
    let finished = false;
    res.on('close', () => {
      if (!finished) {
        const waiters = closedWaiters;
        closedWaiters = [];
        waiters.forEach((resolve) => resolve());
      }
    });
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (mode.kind === 'malformed') {
      res.write(chunk('一'));
      res.write('data: {"choices": [oops\n\n');
      finished = true;
      res.end();
      return;
    }
    if (mode.kind === 'disconnect') {
      for (const piece of mode.piecesBefore) res.write(chunk(piece));
      await sleep(20);
      finished = true;
      res.socket?.destroy();
      return;
    }
    if (mode.firstTokenDelayMs) await sleep(mode.firstTokenDelayMs);
    for (const piece of mode.pieces) {
      if (res.destroyed) return;
      res.write(chunk(piece));
      if (mode.pieceDelayMs) await sleep(mode.pieceDelayMs);
    }
    res.write('data: [DONE]\n\n');
    finished = true;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}
