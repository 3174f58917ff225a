// Indexing at the speed of an import: pages written and published through the API while the
// server's own job worker indexes them (search and AI), then a 5,000-page Notion-shaped import;
// pages per second end to end, the limit measured in the same run beside it (the same texts cut
// by the same tokenizer in one loop, the same postings written by one bulk insert), and a page's
// blocks read while the indexing runs.
// 1. DRCD's 1,000 paragraphs and CMRC 2018's 256 passages (`apps/server/test-data/`), a page
//    each, one paragraph block per sentence, created, saved and published one after another as
//    the web does; the worker (app.jobs.start(), as the server runs it) indexes meanwhile.
//    Timed: writing, then until no index job is left, and pages/s over both.
// 2. The limit: those pages' texts cut by `indexTerms` in one loop; their AI and search postings
//    (read back from the index) inserted into empty copies of the two postings tables, one
//    statement each.
// 3. The same space re-indexed with nothing changed: time and rows written (none expected).
// 4. A 5,000-page import (a Notion export: `Title <32 hex>.md`, DRCD/CMRC texts) through the
//    import route and its transfer job; the time from the import's end until search and the AI
//    hold every page, and GET page blocks p50/p99 while the index jobs run.
//   npx tsx --conditions=@library/source apps/server/bench/indexing.bench.ts
// PGlite on disk (the embedded default) unless BENCH_DATABASE_URL=postgres://… (a throwaway
// database). BENCH_INDEX_PAGES caps part 1 (all 1,256), BENCH_IMPORT_PAGES part 4 (5,000; 0 skips).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import archiver from 'archiver';
import { sql } from 'drizzle-orm';
import type { Transfer } from '@library/contract';
import { queryRows, type Database } from '../src/db/database.js';
import { indexTerms } from '../src/infra/search/tokenizer.js';
import { queueReindex } from '../src/modules/ai/index.service.js';
import { createSpace } from '../src/modules/space/space.service.js';
import {
  benchCaller,
  loadArticles,
  loadCmrc,
  loadDrcd,
  sentenceBlocks,
  type Article,
} from '../test/cmrc.js';
import { openBenchApp } from './bench-app.js';
import { loadAverage, out, stats } from './report.js';

const apiPages = Number(process.env.BENCH_INDEX_PAGES ?? 1256);
const importPages = Number(process.env.BENCH_IMPORT_PAGES ?? 5000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function scalar(db: Database, query: ReturnType<typeof sql>) {
  const [row] = await queryRows<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
}

/** Index jobs (pages and files) still waiting or running. */
const pendingIndexJobs = (db: Database) =>
  scalar(
    db,
    sql`select count(*) as n from jobs
        where kind in ('ai.index-page', 'ai.index-file', 'ai.reindex-space') and failed_at is null`,
  );

/** Pages of the space held by the AI index and by search (its published or draft text). */
async function indexed(db: Database, spaceId: string, variant: 'published' | 'draft') {
  const ai = await scalar(
    db,
    sql`select count(*) as n from ai_documents where space_id = ${spaceId} and source_type = 'page'`,
  );
  const search = await scalar(
    db,
    sql`select count(*) as n from search_docs
        where space_id = ${spaceId} and type = 'page' and variant = ${variant}`,
  );
  return Math.min(ai, search);
}

/**
 * Waits until no index job is left and `pages` pages are in both indexes; answers when. Fails
 * after 30 s with no job left and pages still missing (a page the indexer lost).
 */
async function untilIndexed(
  db: Database,
  spaceId: string,
  pages: number,
  variant: 'published' | 'draft',
) {
  let idleSince: number | null = null;
  for (;;) {
    const pending = await pendingIndexJobs(db);
    const held = await indexed(db, spaceId, variant);
    if (pending === 0 && held >= pages) return performance.now();
    if (pending > 0) idleSince = null;
    else if (idleSince === null) idleSince = performance.now();
    else if (performance.now() - idleSince > 30_000) {
      throw new Error(`no index job left, yet ${held} of ${pages} pages are in both indexes`);
    }
    await sleep(100);
  }
}

/**
 * GETs a page's blocks over HTTP from a worker thread, one every 20 ms, until stopped; answers
 * each read's time from when it was due. A client in another thread (as a browser is) also
 * counts the time the server's thread was busy before it could take the request (a PGlite
 * statement runs on that thread); timed from inside it, that wait would not show.
 */
function readWhile(url: string, authorization: string) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const samples = [];
     let stopped = false;
     parentPort.on('message', () => { stopped = true; });
     (async () => {
       let due = performance.now();
       while (!stopped) {
         const wait = due - performance.now();
         if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
         const res = await fetch(workerData.url, { headers: { authorization: workerData.authorization } });
         await res.arrayBuffer();
         if (res.status !== 200) throw new Error('page blocks: ' + res.status);
         samples.push(performance.now() - due);
         due = Math.max(due + 20, performance.now());
       }
       parentPort.postMessage(samples);
     })();`,
    { eval: true, workerData: { url, authorization } },
  );
  const samples = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return async () => {
    worker.postMessage('stop');
    const result = await samples;
    await worker.terminate();
    return result;
  };
}

const p99 = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? 0;
};
const readFigures = (samples: number[]) => {
  const s = stats(samples);
  return `${samples.length} reads, median ${s.median.toFixed(1)} ms, p99 ${p99(samples).toFixed(1)} ms, max ${s.max.toFixed(1)} ms`;
};

function articleText(article: Article) {
  return sentenceBlocks(article)
    .map((block) => block.content[0]!.text)
    .join('\n');
}

/** Writes a .zip of a Notion export: `Library <id>/<title> <id>.md`, a page per article. */
async function notionZip(file: string, articles: Article[], pages: number) {
  const archive = archiver('zip', { zlib: { level: 1 } });
  const done = new Promise<void>((resolve, reject) => {
    const sink = fs.createWriteStream(file);
    sink.on('close', resolve);
    archive.on('error', reject);
    archive.pipe(sink);
  });
  const hex = () => crypto.randomBytes(16).toString('hex');
  const folder = `知识库 ${hex()}`;
  for (let i = 0; i < pages; i += 1) {
    const article = articles[i % articles.length]!;
    const title = `${article.title} ${i}`;
    const body = sentenceBlocks(article)
      .map((block) => block.content[0]!.text)
      .join('\n\n');
    archive.append(`# ${title}\n\n${body}\n`, {
      name: `${folder}/${title.replace(/[/\\]/g, ' ')} ${hex()}.md`,
    });
  }
  await archive.finalize();
  await done;
}

async function main() {
  const { database, db, app, dataDir, close } = await openBenchApp('library-indexing-', {
    pgliteOnDisk: true,
  });
  try {
    out(`indexing bench on ${database.kind}; load average ${loadAverage()}`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const articles = [...loadDrcd(), ...loadCmrc()];
    const { user, headers, call } = await benchCaller(app, db, '139');
    const space = await createSpace(db, user.id, { name: '索引基准' });
    const firstPages = articles.slice(0, apiPages);

    // 1. written and published through the API while the worker indexes
    app.jobs.start();
    const started = performance.now();
    await loadArticles(call, headers, space.id, firstPages);
    const written = performance.now();
    const reads1Page = await queryRows<{ id: string }>(
      db,
      sql`select id from space_nodes where space_id = ${space.id} and type = 'page' limit 1`,
    );
    const blocksOf = (pageId: string) =>
      readWhile(`${origin}/api/v2/space/page/${pageId}/block?version=0`, headers.authorization);
    const stopReads1 = blocksOf(reads1Page[0]!.id);
    const done = await untilIndexed(db, space.id, firstPages.length, 'published');
    const reads1 = await stopReads1();
    const total = (done - started) / 1000;
    out(`load average ${loadAverage()}`);
    out(
      `1. ${firstPages.length} pages: written and published in ${((written - started) / 1000).toFixed(1)} s, ` +
        `indexed ${((done - written) / 1000).toFixed(1)} s after the last publish; ` +
        `end to end ${total.toFixed(1)} s = ${(firstPages.length / total).toFixed(1)} pages/s`,
    );
    out(`   page blocks after the writes, while indexing: ${readFigures(reads1)}`);
    await app.jobs.stop();

    // 2. the limit: one tokenizer pass over the same texts, one bulk insert of the same postings
    const texts = firstPages.map((article) => `${article.title}\n${articleText(article)}`);
    indexTerms(texts[0]!);
    let cut = performance.now();
    let termCount = 0;
    for (const text of texts) termCount += indexTerms(text).length;
    cut = performance.now() - cut;
    const aiPostings = await queryRows<Record<string, unknown>>(
      db,
      sql`select space_id, term, chunk_id, tf, dl from ai_postings where space_id = ${space.id}`,
    );
    const searchPostings = await queryRows<Record<string, unknown>>(
      db,
      sql`select p.term, p.doc_id, p.tf, p.length from search_postings p
          join search_docs d on d.id = p.doc_id where d.space_id = ${space.id}`,
    );
    await db.execute(sql`drop table if exists bench_ai_postings, bench_search_postings`);
    await db.execute(
      sql`create table bench_ai_postings (like ai_postings including defaults including indexes)`,
    );
    await db.execute(
      sql`create table bench_search_postings (like search_postings including defaults including indexes)`,
    );
    let insert = performance.now();
    await db.execute(sql`
      insert into bench_ai_postings (space_id, term, chunk_id, tf, dl)
      select x.space_id, x.term, x.chunk_id, x.tf, x.dl
      from jsonb_to_recordset(${JSON.stringify(aiPostings)}::jsonb)
        as x(space_id uuid, term text, chunk_id bigint, tf int, dl int)`);
    await db.execute(sql`
      insert into bench_search_postings (term, doc_id, tf, length)
      select x.term, x.doc_id, x.tf, x.length
      from jsonb_to_recordset(${JSON.stringify(searchPostings)}::jsonb)
        as x(term text, doc_id bigint, tf real, length int)`);
    insert = performance.now() - insert;
    await db.execute(sql`drop table bench_ai_postings, bench_search_postings`);
    const limit = (cut + insert) / 1000;
    out(
      `2. limit: ${texts.length} texts cut once (${termCount} terms) in ${(cut / 1000).toFixed(2)} s; ` +
        `${aiPostings.length} AI + ${searchPostings.length} search postings inserted in ` +
        `${(insert / 1000).toFixed(2)} s; limit ${limit.toFixed(2)} s = ${(texts.length / limit).toFixed(0)} pages/s; ` +
        `the index took ${((done - written) / 1000).toFixed(1)} s after the writes, end to end ` +
        `${(total / limit).toFixed(1)}× the limit`,
    );

    // 3. a re-index with nothing changed
    const maxChunk = await scalar(db, sql`select coalesce(max(id), 0) as n from ai_chunks`);
    const since = new Date();
    await queueReindex(db, space.id);
    const reStarted = performance.now();
    app.jobs.start();
    await untilIndexed(db, space.id, firstPages.length, 'published');
    const reSeconds = (performance.now() - reStarted) / 1000;
    await app.jobs.stop();
    const rewritten = await scalar(
      db,
      sql`select (select count(*) from ai_chunks where id > ${maxChunk})
        + (select count(*) from ai_documents where space_id = ${space.id} and indexed_at >= ${since})
        + (select count(*) from search_docs where space_id = ${space.id} and indexed_at >= ${since}) as n`,
    );
    out(
      `3. re-index of ${firstPages.length} unchanged pages: ${reSeconds.toFixed(1)} s = ` +
        `${(firstPages.length / reSeconds).toFixed(0)} pages/s; chunks and documents written again: ${rewritten}`,
    );

    // 4. a 5,000-page Notion import, its pages' drafts indexed for the AI and search
    if (importPages > 0) {
      const target = await createSpace(db, user.id, { name: '导入索引基准' });
      await call('POST', `/api/v1/ai/${target.id}/enable`, headers, { enable: true });
      await db.execute(
        sql`update space_ai set include_drafts = true where space_id = ${target.id}`,
      );
      const zip = path.join(dataDir, 'notion.zip');
      await notionZip(zip, articles, importPages);
      const boundary = '----librarybench';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notion.zip"\r\nContent-Type: application/zip\r\n\r\n`,
        ),
        fs.readFileSync(zip),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      out(`load average ${loadAverage()}`);
      app.jobs.start();
      const importStarted = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/space/${target.id}/import`,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      let transfer = (res.json() as { data: Transfer }).data;
      while (transfer.status === 'queued' || transfer.status === 'running') {
        await sleep(100);
        const answer = await call('GET', `/api/v1/transfer/${transfer.transferId}`, headers);
        transfer = answer.body.data as Transfer;
      }
      if (transfer.status !== 'done') throw new Error(`import failed: ${JSON.stringify(transfer)}`);
      const imported = performance.now();
      const [readPage] = await queryRows<{ id: string }>(
        db,
        sql`select id from space_nodes where space_id = ${target.id} and type = 'page' limit 1`,
      );
      const stopReads = blocksOf(readPage!.id);
      const importDone = await untilIndexed(db, target.id, importPages, 'draft');
      const reads = await stopReads();
      await app.jobs.stop();
      const importTotal = (importDone - importStarted) / 1000;
      out(`load average ${loadAverage()}`);
      out(
        `4. ${importPages}-page Notion import: imported in ${((imported - importStarted) / 1000).toFixed(1)} s, ` +
          `indexed ${((importDone - imported) / 1000).toFixed(1)} s after its end (goal 60 s); end to end ` +
          `${importTotal.toFixed(1)} s = ${(importPages / importTotal).toFixed(1)} pages/s`,
      );
      out(`   page blocks while the import is indexed: ${readFigures(reads)}`);
    }
  } finally {
    await close();
  }
}

await main();
