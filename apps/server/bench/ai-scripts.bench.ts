// AI retrieval across scripts: CMRC 2018 (Simplified, 256 passages, 1,002 questions)
// and DRCD (Traditional, 1,000 paragraphs, 3,524 questions; CC BY-SA 3.0, see
// apps/server/test-data/drcd/README.md) loaded as pages through the API and indexed by the real
// jobs; every question asked through the product's retrieval as the set has it and converted to
// the other script (OpenCC, characters only) — four sets in all. Before and
// after in one run: first indexed with script folding off (term format 1), then folding on and
// each space re-indexed by its `ai.reindex-space` job (the term format is in each chunk's hash,
// so every chunk is replaced), the same questions asked again. Also the cost of folding a chunk.
//   npx tsx --conditions=@library/source apps/server/bench/ai-scripts.bench.ts
// PGlite (in a temporary directory) by default; BENCH_DATABASE_URL=postgres://… runs it on
// PostgreSQL; BENCH_AI_EVERY=n keeps every n-th article of both sets (1: all).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { connectPostgres, queryRows, wrapPglite, type Database } from '../src/db/database.js';
import { foldScript, setScriptFolding } from '../src/infra/search/tokenizer.js';
import { queueReindex } from '../src/modules/ai/index.service.js';
import { createSpace } from '../src/modules/space/space.service.js';
import {
  benchCaller,
  drainAll,
  evaluate,
  loadArticles,
  loadCmrc,
  loadDrcd,
  toSimplified,
  toTraditional,
  type Article,
  type RecallResult,
} from '../test/cmrc.js';
import { loadAverage, out, stats } from './report.js';

const every = Number(process.env.BENCH_AI_EVERY ?? 1);

async function counts(db: Database, spaceId: string) {
  const [row] = await queryRows<{ chunks: number; postings: number }>(
    db,
    sql`select (select count(*)::int from ai_chunks where space_id = ${spaceId}) as chunks,
               (select count(*)::int from ai_postings where space_id = ${spaceId}) as postings`,
  );
  return row!;
}

const fmt = (r: RecallResult) =>
  `recall@1 ${r.recallAt1.toFixed(3)}, recall@5 ${r.recallAt5.toFixed(3)}, MRR ${r.mrr.toFixed(3)}, ` +
  `first snippet shows the answer ${r.snippetAt1.toFixed(3)}, its block holds it ` +
  `${r.blockAt1.toFixed(3)} (${r.questions} questions, ` +
  `retrieval median ${stats(r.retrievalMs).median.toFixed(1)} ms, p95 ${stats(r.retrievalMs).p95.toFixed(1)} ms)`;

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-ai-scripts-bench-'));
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
  await app.ready();
  const spaceIds: string[] = [];
  try {
    const { user, headers, call } = await benchCaller(app, db, '137');
    out(`database: ${database.kind}; load average ${loadAverage()}`);

    const sets: Array<{ name: string; articles: Article[]; spaceId: string }> = [];
    for (const [name, articles] of [
      ['CMRC 2018 (Simplified pages)', loadCmrc()],
      ['DRCD (Traditional pages)', loadDrcd()],
    ] as const) {
      const space = await createSpace(db, user.id, { name });
      spaceIds.push(space.id);
      sets.push({ name, articles: articles.filter((_a, i) => i % every === 0), spaceId: space.id });
    }
    const asks = [
      { set: 0, label: 'Simplified pages, Simplified questions', ask: undefined },
      { set: 1, label: 'Traditional pages, Traditional questions', ask: undefined },
      { set: 1, label: 'Traditional pages, Simplified questions', ask: toSimplified },
      { set: 0, label: 'Simplified pages, Traditional questions', ask: toTraditional },
    ];
    const measure = async (phase: string) => {
      for (const item of asks) {
        const set = sets[item.set]!;
        const result = await evaluate(db, set.spaceId, set.articles, item.ask);
        out(`${phase} | ${item.label}: ${fmt(result)}`);
      }
    };

    setScriptFolding(false);
    let started = performance.now();
    for (const set of sets) await loadArticles(call, headers, set.spaceId, set.articles);
    await drainAll(app.jobs);
    out(
      `before (no folding): loaded and indexed in ${(performance.now() - started).toFixed(0)} ms`,
    );
    for (const set of sets) {
      const c = await counts(db, set.spaceId);
      out(`before | ${set.name}: ${c.chunks} chunks, ${c.postings} postings`);
    }
    await measure('before');

    // the cost of folding: every chunk's text, title and heading path
    const texts = await queryRows<{ text: string }>(
      db,
      sql`select c.text || d.title || c.heading_path as text from ai_chunks c
          join ai_documents d on d.id = c.document_id
          where c.space_id in (${sql.join(
            spaceIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    setScriptFolding(true);
    foldScript('預熱');
    started = performance.now();
    let chars = 0;
    for (const row of texts) chars += foldScript(row.text).length;
    const foldMs = performance.now() - started;
    out(
      `folding: ${texts.length} chunks (${chars} characters) in ${foldMs.toFixed(0)} ms = ` +
        `${((foldMs * 1000) / texts.length).toFixed(0)} µs per chunk`,
    );

    started = performance.now();
    for (const set of sets) await queueReindex(db, set.spaceId);
    await drainAll(app.jobs);
    const reindexMs = performance.now() - started;
    const pages = sets.reduce((sum, set) => sum + set.articles.length, 0);
    out(
      `after (folding): ${pages} pages re-indexed by the jobs in ${reindexMs.toFixed(0)} ms = ` +
        `${((pages * 1000) / reindexMs).toFixed(1)} pages/s`,
    );
    for (const set of sets) {
      const c = await counts(db, set.spaceId);
      out(`after | ${set.name}: ${c.chunks} chunks, ${c.postings} postings`);
    }
    await measure('after');
    out(`load average ${loadAverage()}`);
  } finally {
    if (url) {
      for (const id of spaceIds) {
        await db.execute(sql`delete from ai_postings where space_id = ${id}`);
        await db.execute(sql`delete from spaces where id = ${id}`);
      }
    }
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
