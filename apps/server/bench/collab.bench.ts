// Live editing, each figure beside a baseline of the same run:
// - relay latency: 20 editors typing 5 keys a second into one page for BENCH_SECONDS, the time
//   from a key typed to each other editor having it (p50/p99) — all on one instance, and split
//   over two instances on one database (through PostgreSQL; with BENCH_REDIS_URL also through
//   Redis), counting only what crosses; the baseline a bare WebSocket broadcast in this process
//   (same clients, same rate). Goals: p99 under 50 ms on one instance, 150 ms across two.
// - first sync of a 2,000-block page (a new editor, nobody else on it, and joining one) beside
//   the REST read of the same blocks (`GET …/block?version=0`); goal: at most 2×.
// - memory per open document with 1,000 open (pages of 20 paragraphs): heap growth / 1,000.
// - the draft's rows derived from a 2,000-block document (blocksOfDocument) beside JSON.parse of
//   the same blocks.
//   npx tsx --conditions=@library/source apps/server/bench/collab.bench.ts
// PGlite in memory by default, BENCH_DATABASE_URL=postgres://… for PostgreSQL (a throwaway
// database). BENCH_SECONDS (10), BENCH_RUNS (20), BENCH_OPEN_DOCUMENTS (1000).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { pageDocumentFragment } from '@library/contract';
import WebSocket, { WebSocketServer } from 'ws';
import * as Y from 'yjs';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { createCollabServer } from '../src/modules/collab/collab-server.js';
import { blocksOfDocument, loadPageDocument } from '../src/modules/page/index.js';
import { documentFromBlocks } from '../src/modules/page/page-document.js';
import { issueToken } from '../src/modules/session/session.service.js';
import { createUser } from '../src/modules/user/user.service.js';
import { connectCollab, type CollabClient } from '../test/collab-clients.js';
import { openBenchApp } from './bench-app.js';
import { loadAverage, out, stats } from './report.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const runs = Number(process.env.BENCH_RUNS ?? 20);
const openDocuments = Number(process.env.BENCH_OPEN_DOCUMENTS ?? 1000);
const redisUrl = process.env.BENCH_REDIS_URL;
const editors = 20;
const keysPerSecond = 5;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

type App = Awaited<ReturnType<typeof openBenchApp>>['app'];

async function listen(app: App) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return address.port;
}

/** Another instance of the server on the same database. */
async function anotherInstance(database: DatabaseHandle, overrides: Partial<Config> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-bench-collab-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIR: path.join(dataDir, 'no-web'),
      RATE_LIMIT_PER_MINUTE: '1000000',
    }),
    ...overrides,
  };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const paragraph = (id: string, text: string) => ({
  id,
  type: 'paragraph',
  props: { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' },
  content: [{ type: 'text', text, styles: {} }],
  children: [],
});

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The XmlText of each paragraph (by block id) of a synced client's document. */
function paragraphTexts(doc: Y.Doc) {
  const texts = new Map<string, Y.XmlText>();
  const walk = (element: Y.XmlElement | Y.XmlFragment) => {
    for (const child of element.toArray()) {
      if (!(child instanceof Y.XmlElement)) continue;
      if (child.nodeName === 'blockContainer') {
        const content = child.get(0);
        const text = content instanceof Y.XmlElement ? content.get(0) : undefined;
        const id = child.getAttribute('id');
        if (id && text instanceof Y.XmlText) texts.set(id, text);
      }
      walk(child);
    }
  };
  walk(doc.getXmlFragment(pageDocumentFragment));
  return texts;
}

/** Types keysPerSecond per editor for `seconds`; `send(editor, key)` types key number `key`. */
async function typeFor(send: (editor: number, key: number) => void) {
  const counts = Array.from({ length: editors }, () => 0);
  const timers: NodeJS.Timeout[] = [];
  for (let editor = 0; editor < editors; editor += 1) {
    timers.push(
      setTimeout(
        () => timers.push(setInterval(() => send(editor, counts[editor]!++), 1000 / keysPerSecond)),
        (editor * 1000) / keysPerSecond / editors,
      ),
    );
  }
  await sleep(seconds * 1000);
  for (const timer of timers) clearInterval(timer);
  // what is still on its way arrives
  await sleep(1000);
  return counts.reduce((sum, count) => sum + count, 0);
}

const latencyLine = (label: string, samples: number[], expected: number) => {
  const s = stats(samples);
  const sorted = [...samples].sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? 0;
  out(
    `  ${label.padEnd(34)} p50 ${ms(s.median)}, p99 ${ms(p99)}, max ${ms(s.max)} ` +
      `(${samples.length} of ${expected} deliveries)`,
  );
  return { p50: s.median, p99 };
};

/** The bare WebSocket broadcast: each message to every other client, nothing else. */
async function echoBaseline() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      for (const other of server.clients) if (other !== socket) other.send(data);
    });
  });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  const sentAt = Array.from({ length: editors }, () => [] as number[]);
  const samples: number[] = [];
  const sockets = await Promise.all(
    Array.from(
      { length: editors },
      () =>
        new Promise<WebSocket>((resolve) => {
          const socket = new WebSocket(`ws://127.0.0.1:${port}`);
          socket.on('message', (data) => {
            const [editor, key] = String(data).split(':').map(Number);
            samples.push(performance.now() - sentAt[editor!]![key!]!);
          });
          socket.once('open', () => resolve(socket));
        }),
    ),
  );
  const keys = await typeFor((editor, key) => {
    sentAt[editor]![key] = performance.now();
    sockets[editor]!.send(`${editor}:${key}`);
  });
  for (const socket of sockets) socket.close();
  server.close();
  return latencyLine('bare WebSocket broadcast', samples, keys * (editors - 1));
}

/**
 * 20 editors, editor i on `ports[i % ports.length]`, each typing at the end of its own paragraph;
 * a key counts for the receivers on another instance only when there are several.
 */
async function relay(label: string, ports: number[], pageId: string, token: string) {
  const instanceOf = (editor: number) => editor % ports.length;
  const clients: CollabClient[] = Array.from({ length: editors }, (_, editor) =>
    connectCollab(`ws://127.0.0.1:${ports[instanceOf(editor)]}`, pageId, token),
  );
  await Promise.all(clients.map((client) => client.synced));
  const texts = clients.map((client) => paragraphTexts(client.doc));
  const start = texts[0]!;
  const initial = Array.from({ length: editors }, (_, editor) => start.get(`p${editor}`)!.length);
  const sentAt = Array.from({ length: editors }, () => [] as number[]);
  const samples: number[] = [];
  let counted = 0;
  clients.forEach((client, receiver) => {
    const seen = [...initial];
    const mine = texts[receiver]!;
    client.doc.on('update', () => {
      const now = performance.now();
      for (let editor = 0; editor < editors; editor += 1) {
        const length = mine.get(`p${editor}`)!.length;
        for (let at = seen[editor]!; at < length; at += 1) {
          const crosses = ports.length === 1 || instanceOf(editor) !== instanceOf(receiver);
          if (editor !== receiver && crosses)
            samples.push(now - sentAt[editor]![at - initial[editor]!]!);
        }
        seen[editor] = Math.max(seen[editor]!, length);
      }
    });
    for (let other = 0; other < editors; other += 1) {
      if (other !== receiver && (ports.length === 1 || instanceOf(other) !== instanceOf(receiver)))
        counted += 1;
    }
  });
  const keys = await typeFor((editor, key) => {
    const text = texts[editor]!.get(`p${editor}`)!;
    sentAt[editor]![key] = performance.now();
    text.insert(text.length, '字');
  });
  for (const client of clients) client.destroy();
  // the receivers per key: the editors it counts for, on average
  return latencyLine(label, samples, Math.round((keys * counted) / editors));
}

async function main() {
  const bench = await openBenchApp('library-bench-collab-');
  const { database, db, app } = bench;
  const extra: Array<{ close: () => Promise<void> }> = [];
  try {
    out(`database: ${database.kind}; load average ${loadAverage()}`);
    const me = await createUser(db, { nickname: '同写的人', email: 'collab@bench.example' });
    const { token } = await issueToken(
      db,
      me.id,
      { client: 'web', deviceId: 'bench', deviceName: 'bench', version: '0.1' },
      null,
    );
    const inject = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
      const res = await app.inject({
        method,
        url,
        payload: payload as object,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.json().code !== 0) throw new Error(`${method} ${url}: ${res.body}`);
      return res.json().data as Record<string, string>;
    };
    const { spaceId } = await inject('POST', '/api/v2/space', { name: '同写空间' });
    const pageOf = async (blocks: number, text: (i: number) => string) => {
      const { pageId } = await inject('POST', `/api/v2/space/${spaceId}/page`, { name: '页面' });
      await inject('PUT', `/api/v2/space/page/${pageId}/block`, {
        baseRevision: 0,
        changes: Array.from({ length: blocks }, (_, i) => ({
          op: 'upsert',
          blockId: `p${i}`,
          data: paragraph(`p${i}`, text(i)),
        })),
      });
      return pageId!;
    };

    // ---- relay latency
    const port = await listen(app);
    const second = await anotherInstance(database);
    extra.push(second);
    const secondPort = await listen(second.app);
    out(`\nrelay latency: ${editors} editors × ${keysPerSecond} keys/s for ${seconds} s`);
    const baseline = await echoBaseline();
    const results: Array<[string, { p50: number; p99: number }]> = [];
    results.push([
      'one instance',
      await relay('one instance', [port], await pageOf(editors, (i) => `${i}:`), token),
    ]);
    results.push([
      'two instances, PostgreSQL',
      await relay(
        'two instances, through PostgreSQL',
        [port, secondPort],
        await pageOf(editors, (i) => `${i}:`),
        token,
      ),
    ]);
    if (redisUrl) {
      const overrides = { redisUrl };
      const third = await anotherInstance(database, overrides);
      const fourth = await anotherInstance(database, overrides);
      extra.push(third, fourth);
      const ports = [await listen(third.app), await listen(fourth.app)];
      results.push([
        'two instances, Redis',
        await relay(
          'two instances, through Redis',
          ports,
          await pageOf(editors, (i) => `${i}:`),
          token,
        ),
      ]);
    }
    for (const [label, result] of results) {
      out(
        `  ratio to the bare broadcast, ${label}: p50 ${(result.p50 / baseline.p50).toFixed(1)}×, ` +
          `p99 ${(result.p99 / baseline.p99).toFixed(1)}×`,
      );
    }

    // ---- first sync of a 2,000-block page
    const bigPage = await pageOf(2000, (i) => `第 ${i} 段：知识库里的一段普通文字，写给同事们看。`);
    const restUrl = `http://127.0.0.1:${port}/api/v2/space/page/${bigPage}/block?version=0`;
    const rest = async () => {
      const res = await fetch(restUrl, { headers: { authorization: `Bearer ${token}` } });
      // parsed, as the editor's client must before it shows anything (the sync's time includes
      // the client applying the update)
      JSON.parse(await res.text());
    };
    const syncOnce = async () => {
      const started = performance.now();
      const client = connectCollab(`ws://127.0.0.1:${port}`, bigPage, token);
      await client.synced;
      const took = performance.now() - started;
      client.destroy();
      return took;
    };
    const timed = async (fn: () => Promise<number>, pauseMs = 0) => {
      for (let i = 0; i < 3; i += 1) {
        await fn();
        await sleep(pauseMs);
      }
      const samples: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        samples.push(await fn());
        await sleep(pauseMs);
      }
      return stats(samples);
    };
    const firstOpen = await syncOnce();
    await sleep(500);
    const restStats = await timed(async () => {
      const started = performance.now();
      await rest();
      return performance.now() - started;
    });
    // nobody on the page: the document is loaded from the database (then unloaded again)
    const alone = await timed(syncOnce, 300);
    const holder = connectCollab(`ws://127.0.0.1:${port}`, bigPage, token);
    await holder.synced;
    const joining = await timed(syncOnce, 50);
    holder.destroy();
    out(`\nfirst sync of a 2,000-block page (${runs} runs, medians; p95 in brackets)`);
    out(`  REST GET …/block?version=0          ${ms(restStats.median)} (${ms(restStats.p95)})`);
    out(
      `  sync, nobody on the page             ${ms(alone.median)} (${ms(alone.p95)})  ratio ${(alone.median / restStats.median).toFixed(2)}×`,
    );
    out(
      `  sync, joining an editor              ${ms(joining.median)} (${ms(joining.p95)})  ratio ${(joining.median / restStats.median).toFixed(2)}×`,
    );
    out(`  the very first open (document built from the rows): ${ms(firstOpen)}`);

    // ---- derived rows
    const doc = new Y.Doc();
    Y.applyUpdate(doc, (await loadPageDocument(db, bigPage)).update);
    const blocks = blocksOfDocument(doc);
    const json = JSON.stringify(blocks);
    const time = (fn: () => unknown) => {
      for (let i = 0; i < 5; i += 1) fn();
      const samples: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const started = performance.now();
        fn();
        samples.push(performance.now() - started);
      }
      return stats(samples);
    };
    const parse = time(() => JSON.parse(json));
    const derive = time(() => blocksOfDocument(doc));
    const build = time(() => documentFromBlocks(blocks));
    const update = Y.encodeStateAsUpdate(doc);
    const apply = time(() => Y.applyUpdate(new Y.Doc(), update));
    out(
      `\nderived blocks of a 2,000-block document (${(json.length / 1024).toFixed(0)} KB as JSON)`,
    );
    out(`  JSON.parse of the blocks             ${ms(parse.median)} (${ms(parse.p95)})`);
    out(
      `  blocksOfDocument                     ${ms(derive.median)} (${ms(derive.p95)})  ratio ${(derive.median / parse.median).toFixed(1)}×`,
    );
    out(
      `  documentFromBlocks (the other way)   ${ms(build.median)} (${ms(build.p95)})  ratio ${(build.median / parse.median).toFixed(1)}×`,
    );
    out(
      `  Y.applyUpdate into a new document    ${ms(apply.median)} (${ms(apply.p95)})  ratio ${(apply.median / parse.median).toFixed(1)}×` +
        ` (${(update.length / 1024).toFixed(0)} KB: what a client does in its first sync)`,
    );

    // ---- memory per open document
    const pages: string[] = [];
    for (let i = 0; i < openDocuments; i += 1) {
      pages.push(await pageOf(20, (j) => `第 ${i} 页第 ${j} 段：一段普通的文字。`));
    }
    const collab = await createCollabServer({
      database,
      sessions: app.sessions,
      access: app.access,
      trustedOrigins: [],
      log: app.log,
    });
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const rssBefore = process.memoryUsage().rss;
    const connections = [];
    for (const pageId of pages) {
      connections.push(
        await collab.hocuspocus.openDirectConnection(`page:${pageId}`, { userId: me.id }),
      );
    }
    gc();
    const heapAfter = process.memoryUsage().heapUsed;
    const rssAfter = process.memoryUsage().rss;
    out(`\nmemory with ${openDocuments} page documents open (20 paragraphs each)`);
    out(
      `  heap per open document   ${((heapAfter - heapBefore) / openDocuments / 1024).toFixed(1)} KB`,
    );
    out(
      `  RSS per open document    ${((rssAfter - rssBefore) / openDocuments / 1024).toFixed(1)} KB`,
    );
    out(
      `  the same blocks as JSON  ${(JSON.stringify(blocksOfDocument(connections[0]!.document!)).length / 1024).toFixed(1)} KB per page`,
    );
    for (const connection of connections) await connection.disconnect();
    await collab.close();
    out(`\nload average at the end: ${loadAverage()}`);
  } finally {
    for (const instance of extra.reverse()) await instance.close();
    await bench.close();
  }
}

await main();
