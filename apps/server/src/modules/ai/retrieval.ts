// Finds the passages of a space that answer a question: BM25 over the postings of the
// question's terms (IDF and length normalisation computed in SQL over the space's chunks),
// plus vector distance when embeddings and pgvector are there, fused by reciprocal rank, then
// optionally reranked by the provider's rerank model. Only passages the asker may read come
// back: drafts only for editors and only when the space includes drafts.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
import { rerank } from '../../infra/llm/openai-compatible.js';
import { bigramMark, queryTerms } from '../../infra/search/tokenizer.js';
import type { Embedder } from './embedding.js';
import type { ActiveProvider } from './provider.service.js';
import { passageHiddenSql, passageJoinsSql, type Audience } from '../space/visibility.js';

/** BM25 parameters and the weight of bigram terms, tuned on CMRC 2018 (docs/performance.md). */
export const bm25 = { k1: 0.5, b: 0.6, bigramWeight: 0.3 };
/** reciprocal rank fusion constant */
const rrfK = 60;

export interface Passage {
  chunkId: number;
  sourceType: 'page' | 'file';
  pageId: string | null;
  fileId: string | null;
  /** the blocks the passage was cut from and where each starts in `text` */
  blockIds: string[];
  blockStarts: number[];
  title: string;
  headingPath: string;
  text: string;
  score: number;
}

export interface RetrievalRequest {
  spaceId: string;
  question: string;
  topK: number;
  /** whose passages: `editors` get drafts too (only where the space's AI includes drafts) */
  audience: Audience;
  /** when set (and the database has pgvector), vector retrieval joins keyword retrieval */
  embedder?: Embedder | null;
  reranker?: ActiveProvider | null;
  signal?: AbortSignal;
}

/** A term in at most this many chunks (or 1% of them, if more) seeds the candidates. */
const selectiveDf = 1000;
/** Candidates scored exactly on every term. */
const seedCount = 300;

/**
 * BM25 ranking of the space's chunks the asker may read; best first. Scores come from the
 * postings alone (tf, document length; df from ai_terms) with the space's collection
 * statistics; the postings' primary key carries tf and dl, so no heap page is read.
 *
 * Large spaces: candidates are seeded by the question's selective terms (a term in few chunks;
 * all terms when none is) — their postings are read whole, which scores the candidates exactly
 * on those terms —, then the best `seedCount` get the other terms' weights by one primary-key
 * lookup per candidate and term, so a term found in half the space costs `seedCount` lookups,
 * not a scan. Below `selectiveDf` chunks every term is selective and the ranking is exact. The
 * best are then checked for access; only when too many were hidden is the whole ranking
 * computed and filtered.
 */
export async function keywordRank(
  db: Executor,
  spaceId: string,
  terms: string[],
  audience: Audience,
  limit: number,
): Promise<Array<{ chunkId: number; score: number }>> {
  if (terms.length === 0) return [];
  const seeded = await bm25Query(db, spaceId, terms, audience, limit, true);
  if (seeded.rows.length >= limit || seeded.exhaustive) return seeded.rows;
  return (await bm25Query(db, spaceId, terms, audience, limit, false)).rows;
}

async function bm25Query(
  db: Executor,
  spaceId: string,
  terms: string[],
  audience: Audience,
  limit: number,
  seeded: boolean,
) {
  const list = sql.join(
    terms.map((term) => sql`(${term})`),
    sql`, `,
  );
  const { k1, b, bigramWeight } = bm25;
  const weight = sql.raw(
    `w.idf * p.tf * ${k1 + 1} / (p.tf + ${k1} * (1 - ${b} + ${b} * p.dl / stats.avgdl))`,
  );
  const ranked = seeded
    ? sql`
    seeds as (
      select p.chunk_id, sum(${weight}) as partial
      from w join ai_postings p on p.space_id = ${spaceId} and p.term = w.term
      cross join stats
      where w.seeding
      group by p.chunk_id
      order by partial desc, p.chunk_id
      limit ${seedCount}
    ), scored as (
      select s.chunk_id, s.partial + coalesce((
        select sum(${weight}) from w cross join lateral (
          select p.tf, p.dl from ai_postings p
          where p.space_id = ${spaceId} and p.term = w.term and p.chunk_id = s.chunk_id
          limit 1 -- a lookup, never a scan of a common term's postings
        ) p
        where not w.seeding
      ), 0) as score
      from seeds s cross join stats
    )`
    : sql`
    scored as (
      select p.chunk_id, sum(${weight}) as score
      from w join ai_postings p on p.space_id = ${spaceId} and p.term = w.term
      cross join stats
      group by p.chunk_id
    )`;
  const rows = await queryRows<{ chunk_id: string | number; score: number; scored: number }>(
    db,
    sql`
    with stats as (
      select greatest(chunk_count, 1)::float8 as n,
        greatest(term_total::float8 / greatest(chunk_count, 1), 1) as avgdl
      from space_ai where space_id = ${spaceId}
    ), q(term) as (values ${list}
    ), df as (
      select t.term, t.df::float8 as df, t.df <= greatest(${selectiveDf}, stats.n / 100) as selective
      from q join ai_terms t on t.space_id = ${spaceId} and t.term = q.term
      cross join stats
    ), w as (
      select df.term, df.selective or not bool_or(df.selective) over () as seeding,
        ln(1 + greatest(stats.n - df.df + 0.5, 0.5) / (df.df + 0.5))
          * (case when left(df.term, 1) = ${bigramMark} then ${bigramWeight}::float8 else 1 end) as idf
      from df cross join stats
    ), ${ranked}, best as (
      select chunk_id, score, count(*) over () as scored from scored
      order by score desc, chunk_id
      ${seeded ? sql`limit ${limit * 4}` : sql``}
    )
    select best.chunk_id, best.score, best.scored from best
    join ai_chunks c on c.id = best.chunk_id
    ${passageJoinsSql}
    where not ${passageHiddenSql(audience)}
    order by best.score desc, best.chunk_id
    limit ${limit}`,
  );
  const total = Number(rows[0]?.scored ?? 0);
  return {
    rows: rows.map((row) => ({ chunkId: Number(row.chunk_id), score: Number(row.score) })),
    exhaustive: !seeded || total <= limit * 4,
  };
}

async function vectorRank(
  db: Executor,
  spaceId: string,
  vector: number[],
  audience: Audience,
  limit: number,
): Promise<Array<{ chunkId: number; score: number }>> {
  const literal = `[${vector.join(',')}]`;
  const rows = await queryRows<{ id: string | number; distance: number }>(
    db,
    sql`
    select c.id, (c.embedding::vector <=> ${literal}::vector) as distance
    from ai_chunks c
    ${passageJoinsSql}
    where c.space_id = ${spaceId} and c.embedding is not null
      and array_length(c.embedding, 1) = ${vector.length}
      and not ${passageHiddenSql(audience)}
    order by distance, c.id
    limit ${limit}`,
  );
  return rows.map((row) => ({ chunkId: Number(row.id), score: 1 - Number(row.distance) }));
}

async function loadPassages(db: Executor, ids: number[]): Promise<Map<number, Passage>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{
    id: string | number;
    source_type: 'page' | 'file';
    page_id: string | null;
    file_id: string | null;
    block_ids: string[];
    block_starts: number[];
    title: string;
    heading_path: string;
    text: string;
  }>(
    db,
    sql`
    select c.id, d.source_type, d.page_id, d.file_id, c.block_ids, c.block_starts, d.title, c.heading_path, c.text
    from ai_chunks c join ai_documents d on d.id = c.document_id
    where c.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const passages = new Map<number, Passage>();
  for (const row of rows) {
    const id = Number(row.id);
    passages.set(id, {
      chunkId: id,
      sourceType: row.source_type,
      pageId: row.source_type === 'page' ? row.page_id : null,
      fileId: row.file_id,
      blockIds: row.block_ids,
      blockStarts: row.block_starts,
      title: row.title,
      headingPath: row.heading_path,
      text: row.text,
      score: 0,
    });
  }
  return passages;
}

/** The best `topK` passages for the question, best first. */
export async function retrieve(
  db: Executor,
  request: RetrievalRequest,
  vectorSupported = false,
): Promise<Passage[]> {
  const pool = Math.max(request.topK * 4, 20);
  const keyword = await keywordRank(
    db,
    request.spaceId,
    queryTerms(request.question),
    request.audience,
    pool,
  );
  let ranked = keyword;
  if (request.embedder && vectorSupported) {
    const [vector] = await request.embedder.embedTexts([request.question], request.signal);
    if (vector) {
      const semantic = await vectorRank(db, request.spaceId, vector, request.audience, pool);
      const fused = new Map<number, number>();
      for (const list of [keyword, semantic]) {
        list.forEach((item, rank) => {
          fused.set(item.chunkId, (fused.get(item.chunkId) ?? 0) + 1 / (rrfK + rank + 1));
        });
      }
      ranked = [...fused]
        .map(([chunkId, score]) => ({ chunkId, score }))
        .sort((x, y) => y.score - x.score || x.chunkId - y.chunkId);
    }
  }
  const passages = await loadPassages(
    db,
    ranked.map((item) => item.chunkId),
  );
  let ordered = ranked.flatMap((item) => {
    const passage = passages.get(item.chunkId);
    return passage ? [{ ...passage, score: item.score }] : [];
  });
  const model = request.reranker?.row.rerankModel;
  if (request.reranker && model && ordered.length > 1) {
    const candidates = ordered.slice(0, pool);
    const scores = await rerank(
      request.reranker.endpoint,
      { model, query: request.question, documents: candidates.map((p) => p.text) },
      { signal: request.signal },
    );
    ordered = candidates
      .map((passage, index) => ({ ...passage, score: scores[index] ?? Number.NEGATIVE_INFINITY }))
      .sort((x, y) => y.score - x.score);
  }
  return ordered.slice(0, request.topK);
}
