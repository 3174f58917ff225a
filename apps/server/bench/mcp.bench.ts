// The MCP server's search: p95 of `tools/call search_space` through the official
// SDK's Client over Streamable HTTP on loopback (key check, access check, the stateless server
// and transport per request, JSON-RPC both ways) beside the AI retrieval's own time
// (`searchSpace`, what the chat runs) for the same questions, interleaved in the same run.
// Target: within 1.2×.
//   npx tsx --conditions=@library/source apps/server/bench/mcp.bench.ts
// PGlite (in a temporary directory) by default; BENCH_DATABASE_URL=postgres://… runs it on
// PostgreSQL. BENCH_MCP_ARTICLES (100) CMRC articles are loaded; BENCH_RUNS (100) questions asked.
// BENCH_MCP_CHUNKS (0: none) copies the indexed chunks within the space up to that many
// (copyIndexedChunks, test/cmrc.ts), so that both paths search a space of a realistic size.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { connectPostgres, wrapPglite } from '../src/db/database.js';
import { createKeyCipher } from '../src/infra/llm/key-cipher.js';
import { readOrCreateSecret } from '../src/infra/secrets.js';
import { findSpaceAi } from '../src/modules/ai/space-ai.repo.js';
import { searchSpace } from '../src/modules/ai/space-search.js';
import { createSpace } from '../src/modules/space/space.service.js';
import { benchCaller, copyIndexedChunks, drainAll, loadArticles, loadCmrc } from '../test/cmrc.js';
import { loadAverage, out, stats } from './report.js';

const articleCount = Number(process.env.BENCH_MCP_ARTICLES ?? 100);
const runs = Number(process.env.BENCH_RUNS ?? 100);
const targetChunks = Number(process.env.BENCH_MCP_CHUNKS ?? 0);

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-mcp-bench-'));
  const database = url
    ? connectPostgres(url, 4)
    : wrapPglite(await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') }));
  await database.migrate();
  const db = database.db;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIR: path.join(dataDir, 'no-web'),
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const { user, headers, call } = await benchCaller(app, db, '137');
    const space = await createSpace(db, user.id, { name: 'CMRC 2018 (MCP)' });
    const articles = loadCmrc().slice(0, articleCount);
    out(`database: ${database.kind}; load average ${loadAverage()}`);
    await loadArticles(call, headers, space.id, articles);
    await drainAll(app.jobs);
    if (targetChunks > 0) {
      const started = performance.now();
      const { chunks } = await copyIndexedChunks(db, space.id, space.id, targetChunks, out);
      out(`space: ${chunks} chunks (copied in ${(performance.now() - started).toFixed(0)} ms)`);
    }
    const made = await call('POST', '/api/v1/user/accessKey', headers, {
      name: 'bench',
      spaceIds: [space.id],
    });
    const key = (made.body.data as { token: string }).token;

    const client = new Client({ name: 'mcp-bench', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${origin}/api/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    const ai = (await findSpaceAi(db, space.id))!;
    const deps = {
      db,
      cipher: createKeyCipher(
        config.aiSecretKey ?? readOrCreateSecret(config.dataDir, 'ai-secret.key'),
      ),
      log: app.log,
    };
    const questions = articles
      .flatMap((article) => article.paragraphs.flatMap((p) => p.qas.map((qa) => qa.question)))
      .slice(0, runs);
    const direct = (q: string) => searchSpace(deps, ai, 'owner', q, { topK: 5 });
    const viaMcp = (q: string) =>
      client.callTool({
        name: 'search_space',
        arguments: { spaceId: space.id, question: q, topK: 5 },
      });
    // warm-up
    for (const q of questions.slice(0, 5)) {
      await direct(q);
      await viaMcp(q);
    }
    const retrievalMs: number[] = [];
    const mcpMs: number[] = [];
    for (const q of questions) {
      let started = performance.now();
      await direct(q);
      retrievalMs.push(performance.now() - started);
      started = performance.now();
      const result = await viaMcp(q);
      mcpMs.push(performance.now() - started);
      if (result.isError) throw new Error(`search failed: ${JSON.stringify(result.content)}`);
    }
    // the fixed cost of a call (HTTP, key, JSON-RPC, a server per request) without retrieval
    const plainMs: number[] = [];
    for (let i = 0; i < questions.length; i++) {
      const started = performance.now();
      await client.callTool({ name: 'read_space_tree', arguments: { spaceId: space.id } });
      plainMs.push(performance.now() - started);
    }
    // the same read through the REST twin over HTTP: what the protocol itself adds
    const restMs: number[] = [];
    for (let i = 0; i < questions.length; i++) {
      const started = performance.now();
      const res = await fetch(`${origin}/api/v1/mcp/space/${space.id}/spaceTree`, {
        headers: { authorization: `Bearer ${key}` },
      });
      await res.text();
      restMs.push(performance.now() - started);
    }
    const rest = stats(restMs);
    const r = stats(retrievalMs);
    const m = stats(mcpMs);
    const plain = stats(plainMs);
    out(
      `${questions.length} CMRC questions over ${articles.length} pages: AI retrieval (searchSpace) ` +
        `median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms; MCP tools/call search_space ` +
        `median ${m.median.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms → p95 ratio ${(m.p95 / r.p95).toFixed(2)}× (target ≤ 1.2×)`,
    );
    out(
      `MCP tools/call read_space_tree (a call's fixed cost with one access check, no retrieval): ` +
        `median ${plain.median.toFixed(1)} ms, p95 ${plain.p95.toFixed(1)} ms; the REST twin ` +
        `GET /api/v1/mcp/space/{id}/spaceTree median ${rest.median.toFixed(1)} ms, p95 ${rest.p95.toFixed(1)} ms`,
    );
    out(`load average after: ${loadAverage()}`);
    await client.close();
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
