// CMRC 2018 retrieval evaluation: every passage becomes a page through the product's
// own API (create, save blocks — one paragraph block per sentence —, publish), the AI index is
// built by the real jobs, and every question goes through the product's retrieval; a hit is a
// returned passage that contains an answer text. Used by ai.bench.ts (all 1,002 questions) and by
// the test suite (a subset with a floor).
import fs from 'node:fs';
import path from 'node:path';
import { serverRoot } from '../src/server-root.js';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db/database.js';
import type { App } from '../src/http/route-types.js';
import type { JobQueue } from '../src/infra/jobs/job-queue.js';
import * as OpenCC from 'opencc-js';
import { referDocsOf } from '../src/modules/ai/answer.js';
import type { Chunk } from '../src/modules/ai/chunker.js';
import { retrieve, type Passage } from '../src/modules/ai/retrieval.js';
import { issueToken } from '../src/modules/session/session.service.js';
import { createUser } from '../src/modules/user/user.service.js';

/** A copy kept in the repository (CC BY-SA 4.0, see its LICENCE), so a fresh clone can test. */
export const cmrcFile = path.join(serverRoot, 'test-data/cmrc2018/cmrc2018_trial.json');

/** DRCD (Traditional Chinese, CC BY-SA 3.0, see its README), for zh_TW and across scripts. */
export const drcdFile = path.join(serverRoot, 'test-data/drcd/DRCD_dev.json');

export interface Article {
  title: string;
  paragraphs: Array<{
    context: string;
    qas: Array<{ question: string; answers: Array<{ text: string }> }>;
  }>;
}

export function loadCmrc(): Article[] {
  return (JSON.parse(fs.readFileSync(cmrcFile, 'utf8')) as { data: Article[] }).data;
}

/** An article as the benches save it: one paragraph block per sentence, ids s0, s1, … */
export function sentenceBlocks(article: Article) {
  return article.paragraphs
    .flatMap((paragraph) => paragraph.context.match(/[^。！？]+[。！？]?/g) ?? [])
    .filter((text) => text.trim())
    .map((text, index) => ({
      id: `s${index}`,
      type: 'paragraph',
      props: {},
      content: [{ type: 'text', text, styles: {} }],
      children: [] as unknown[],
    }));
}

/** DRCD's paragraphs, each as its own article (a page per paragraph, its article's title). */
export function loadDrcd(): Article[] {
  const data = (JSON.parse(fs.readFileSync(drcdFile, 'utf8')) as { data: Article[] }).data;
  return data.flatMap((article) =>
    article.paragraphs.map((paragraph) => ({ title: article.title, paragraphs: [paragraph] })),
  );
}

/** The questions as a reader of the other script writes them (OpenCC, characters only: the
 *  index folds Taiwan phrases too, so a phrase-level conversion would flatter it). */
export const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });
export const toSimplified = OpenCC.Converter({ from: 'tw', to: 'cn' });

type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => Promise<{ status: number; body: { code: number; data: unknown; msg: string } }>;

/**
 * A bench's logged-in user (a fresh mobile under `mobilePrefix`), its bearer `headers`, and
 * `call`: a request through `app.inject`, as `loadArticles` and the benches send them.
 */
export async function benchCaller(app: App, db: Database, mobilePrefix: string) {
  const user = await createUser(db, {
    mobile: `${mobilePrefix}${String(Date.now()).slice(-8)}`,
    nickname: 'bench',
  });
  const { token } = await issueToken(
    db,
    user.id,
    { client: 'web', deviceId: 'bench', deviceName: 'bench', version: '0' },
    null,
  );
  const headers = { authorization: `Bearer ${token}` };
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    target: string,
    callHeaders: Record<string, string>,
    payload?: unknown,
  ) => {
    const res = await app.inject({
      method,
      url: target,
      headers: callHeaders,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json() };
  };
  return { user, headers, call };
}

async function must(call: Call, ...args: Parameters<Call>) {
  const res = await call(...args);
  if (res.status !== 200 || res.body.code !== 0) {
    throw new Error(`${args[0]} ${args[1]} → ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.data;
}

/**
 * Turns the space's AI on, then loads the articles as published pages; each page's own index
 * job (queued by its save and publish) indexes it once the queue runs.
 */
export async function loadArticles(
  call: Call,
  headers: Record<string, string>,
  spaceId: string,
  articles: Article[],
) {
  await must(call, 'POST', `/api/v1/ai/${spaceId}/enable`, headers, { enable: true });
  for (const article of articles) {
    const page = (await must(call, 'POST', `/api/v2/space/${spaceId}/page`, headers, {
      name: article.title,
      parentId: null,
    })) as { pageId: string };
    let previous: string | null = null;
    const changes = sentenceBlocks(article).map((data) => {
      const change = { op: 'upsert' as const, blockId: data.id, afterBlockId: previous, data };
      previous = data.id;
      return change;
    });
    await must(call, 'PUT', `/api/v2/space/page/${page.pageId}/block`, headers, {
      baseRevision: 0,
      changes,
    });
    await must(call, 'POST', `/api/v2/space/page/${page.pageId}/version`, headers, { name: 'v1' });
  }
}

export interface RecallResult {
  questions: number;
  recallAt1: number;
  recallAt5: number;
  mrr: number;
  /** the first reference's snippet (what the chat shows) holds an answer text */
  snippetAt1: number;
  /** the first reference's block (a sentence of these sets) holds the start of an answer */
  blockAt1: number;
  retrievalMs: number[];
}

/** Whether one of the answers starts in `text` between `from` (included) and `to`. */
export function answerStartsIn(text: string, from: number, to: number, answers: string[]) {
  return answers.some((answer) => {
    for (let at = text.indexOf(answer); at >= 0; at = text.indexOf(answer, at + 1)) {
      if (at >= from && at < to) return true;
    }
    return false;
  });
}

/** Whether the passage's block `blockId` holds the start of one of the answers. */
export function blockHolds(passage: Passage, blockId: string | null, answers: string[]) {
  const index = passage.blockIds.indexOf(blockId ?? '');
  if (index < 0) return false;
  const from = passage.blockStarts[index] ?? 0;
  const to = passage.blockStarts[index + 1] ?? passage.text.length;
  return answerStartsIn(passage.text, from, to, answers);
}

/** A chunk of an article's page as retrieval returns it (the benches' models of retrieval). */
export function passageOf(
  article: Article,
  chunk: Chunk,
  chunkId: number,
  pageId: string,
): Passage {
  return {
    chunkId,
    sourceType: 'page',
    pageId,
    fileId: null,
    blockIds: chunk.blockIds,
    blockStarts: chunk.blockStarts,
    title: article.title,
    headingPath: chunk.headingPath,
    text: chunk.text,
    score: 0,
  };
}

/** Asks every question of the articles through the product's retrieval (keyword only). */
export async function evaluate(
  db: Database,
  spaceId: string,
  articles: Article[],
  /** how the reader writes the question (the identity: as the set has it) */
  ask: (question: string) => string = (question) => question,
): Promise<RecallResult> {
  let at1 = 0;
  let snippets = 0;
  let blocks = 0;
  let at5 = 0;
  let reciprocal = 0;
  let questions = 0;
  const retrievalMs: number[] = [];
  for (const article of articles) {
    for (const paragraph of article.paragraphs) {
      for (const qa of paragraph.qas) {
        questions += 1;
        const question = ask(qa.question);
        const started = performance.now();
        const passages = await retrieve(db, {
          spaceId,
          question,
          topK: 10,
          audience: 'readers',
        });
        retrievalMs.push(performance.now() - started);
        const answers = qa.answers.map((answer) => answer.text.trim()).filter(Boolean);
        const rank = passages.findIndex((p) => answers.some((answer) => p.text.includes(answer)));
        if (rank === 0) at1 += 1;
        const first = referDocsOf(spaceId, question, passages.slice(0, 1))[0];
        if (first && answers.some((answer) => first.snippet.includes(answer))) snippets += 1;
        if (first && passages[0] && blockHolds(passages[0], first.blockId, answers)) blocks += 1;
        if (rank >= 0 && rank < 5) at5 += 1;
        if (rank >= 0) reciprocal += 1 / (rank + 1);
      }
    }
  }
  return {
    questions,
    recallAt1: at1 / questions,
    recallAt5: at5 / questions,
    mrr: reciprocal / questions,
    snippetAt1: snippets / questions,
    blockAt1: blocks / questions,
    retrievalMs,
  };
}

/** Runs the queue until nothing is due (the index jobs the loading queued). */
export async function drainAll(jobs: JobQueue) {
  let ran = 0;
  for (;;) {
    const count = await jobs.drain();
    if (count === 0) return ran;
    ran += count;
  }
}

/** ai_postings' keys as migrations 0003 and 0006 made them: dropped while copying, rebuilt after. */
const postingsKeys = [
  {
    drop: 'alter table ai_postings drop constraint ai_postings_chunk_id_ai_chunks_id_fk',
    add: `alter table ai_postings add constraint ai_postings_chunk_id_ai_chunks_id_fk
      foreign key (chunk_id) references ai_chunks(id) on delete cascade`,
  },
  {
    drop: 'alter table ai_postings drop constraint ai_postings_space_id_term_chunk_id_pk',
    add: `alter table ai_postings add constraint ai_postings_space_id_term_chunk_id_pk
      primary key (space_id, term, chunk_id) include (tf, dl)`,
  },
  {
    drop: 'drop index ai_postings_chunk_idx',
    add: 'create index ai_postings_chunk_idx on ai_postings (chunk_id)',
  },
];

/** Copies inserted by one statement (the CMRC index: about 88,000 postings a copy). */
const copiesPerStatement = 10;

/**
 * Copies the indexed chunks (and their postings) of `fromSpaceId` into `toSpaceId` (the same
 * space or another, AI enabled) until it holds about `targetChunks`: retrieval at a size the
 * API could not load in a bench's time. Each copied document gets a published page of its own
 * (a tree row: what retrieval's access check reads; no blocks or versions), so readers may read
 * every copy. The index is the product's row for row — the chunks' columns and their postings
 * (tf, dl) as the index job wrote them, ai_terms counted by its triggers, space_ai's totals —
 * written as a bulk load is done: set-based (`insert … select` of the source's chunks and
 * postings times `generate_series`, the copies' chunk ids computed, `copiesPerStatement`
 * copies a statement), ai_postings' keys dropped while loading and rebuilt after, then
 * `vacuum analyze` (statistics and visibility map, as autovacuum or the ai.vacuum job leave a
 * settled table). Answers the target space's chunk count and the load's phases.
 */
export async function copyIndexedChunks(
  db: Database,
  fromSpaceId: string,
  toSpaceId: string,
  targetChunks: number,
  progress: (line: string) => void,
) {
  // the source, named once (copies into the same space are not copied again); plain tables,
  // not temporary ones: the PostgreSQL pool may use several connections
  await db.execute(sql`drop table if exists bench_ai_source`);
  await db.execute(sql`drop table if exists bench_ai_map`);
  await db.execute(sql`drop table if exists bench_ai_postings`);
  await db.execute(sql`
    create table bench_ai_source as
    select d.id, d.title, d.version, n.created_by
    from ai_documents d join space_nodes n on n.id = d.page_id
    where d.space_id = ${fromSpaceId} and d.source_type = 'page'`);
  const [range] = await queryRows<{ chunks: number; first: number; last: number; top: number }>(
    db,
    sql`select count(*)::int as chunks, min(c.id)::float8 as first, max(c.id)::float8 as last,
      (select coalesce(max(id), 0) from ai_chunks)::float8 as top
    from ai_chunks c join bench_ai_source s on s.id = c.document_id`,
  );
  if (!range?.chunks) throw new Error('the source space has no indexed page chunks');
  const copies = Math.ceil(targetChunks / range.chunks);
  // copy g of source chunk c gets the id top + (g - 1) * stride + (c - first + 1)
  const stride = range.last - range.first + 1;
  const newId = (column: string) =>
    sql.raw(`${range.top} + (g - 1) * ${stride}::bigint + (${column} - ${range.first - 1})`);
  const phases: Record<string, number> = {};
  let at = performance.now();
  const phase = (name: string) => {
    phases[name] = performance.now() - at;
    progress(`  ${name}: ${(phases[name] / 1000).toFixed(1)} s`);
    at = performance.now();
  };

  await db.execute(sql`
    create table bench_ai_map as
    select s.id as old_id, g, gen_random_uuid() as new_id, s.title || ' #' || g as title,
      s.version, s.created_by, row_number() over (order by g, s.id) as k
    from bench_ai_source s cross join generate_series(1, ${copies}::int) g`);
  await db.execute(sql`
    insert into space_nodes (id, space_id, type, name, position, published_version, created_by)
    select new_id, ${toSpaceId}, 'page', title, 'c' || lpad(k::text, 8, '0'), version, created_by
    from bench_ai_map`);
  await db.execute(sql`
    insert into ai_documents (id, space_id, source_type, page_id, title, version)
    select new_id, ${toSpaceId}, 'page', new_id, title, version from bench_ai_map`);
  await db.execute(sql`
    insert into ai_chunks (id, document_id, space_id, ordinal, block_ids, block_starts,
      heading_path, text, hash, term_count)
    select ${newId('c.id')}, m.new_id, ${toSpaceId}, c.ordinal, c.block_ids, c.block_starts,
      c.heading_path, c.text, c.hash, c.term_count
    from ai_chunks c join bench_ai_map m on m.old_id = c.document_id`);
  await db.execute(
    sql`select setval(pg_get_serial_sequence('ai_chunks', 'id'), (select max(id) from ai_chunks))`,
  );
  phase(`pages, documents and ${range.chunks * copies} chunks`);

  await db.execute(sql`
    create table bench_ai_postings as
    select p.term, p.chunk_id, p.tf, p.dl
    from ai_postings p join ai_chunks c on c.id = p.chunk_id
    join bench_ai_source s on s.id = c.document_id
    where p.space_id = ${fromSpaceId}`);
  for (const key of postingsKeys) await db.execute(sql.raw(key.drop));
  for (let g = 1; g <= copies; g += copiesPerStatement) {
    const last = Math.min(copies, g + copiesPerStatement - 1);
    await db.execute(sql`
      insert into ai_postings (space_id, term, chunk_id, tf, dl)
      select ${toSpaceId}, p.term, ${newId('p.chunk_id')}, p.tf, p.dl
      from bench_ai_postings p cross join generate_series(${g}::int, ${last}::int) g`);
    if (Math.ceil(last / copiesPerStatement) % 5 === 0 || last === copies) {
      progress(`  postings: ${last}/${copies} copies`);
    }
  }
  phase('postings inserted');
  for (const key of postingsKeys) await db.execute(sql.raw(key.add));
  phase('postings keys rebuilt');
  for (const table of ['bench_ai_postings', 'bench_ai_map', 'bench_ai_source']) {
    await db.execute(sql.raw(`drop table ${table}`));
  }
  await db.execute(sql`
    update space_ai set
      chunk_count = (select count(*) from ai_chunks where space_id = ${toSpaceId}),
      term_total = (select coalesce(sum(term_count), 0) from ai_chunks where space_id = ${toSpaceId})
    where space_id = ${toSpaceId}`);
  for (const table of ['ai_postings', 'ai_terms', 'ai_chunks', 'ai_documents', 'space_nodes']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  phase('vacuum analyze');
  const [count] = await queryRows<{ chunks: number }>(
    db,
    sql`select count(*)::int as chunks from ai_chunks where space_id = ${toSpaceId}`,
  );
  return { chunks: count?.chunks ?? 0, phases };
}
