// Drizzle queries of retrieval: BM25 over the postings of the question's terms (IDF and length
// normalisation computed in SQL over the space's chunks), vector distance, the passages' text,
// and pgvector itself. Every ranking leaves out the passages the audience may not read.
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Executor } from '../../db/database.js';
import { passageHiddenSql, passageJoinsSql, type Audience } from '../space/index.js';

/** Which pages' passages a ranking may return: all the space's (undefined), or these pages' only. */
export type PageScope = readonly string[] | undefined;

/** `d.page_id` among the scope's pages (page passages only; no file passage); true unscoped. */
function inScopeSql(pages: PageScope) {
  if (pages === undefined) return sql`true`;
  if (pages.length === 0) return sql`false`;
  return sql`(d.source_type = 'page' and d.page_id in (${sql.join(
    pages.map((id) => sql`${id}`),
    sql`, `,
  )}))`;
}

/** BM25 parameters, tuned on CMRC 2018 (docs/performance.md); each term's weight comes with
 *  it (passage-terms.ts). */
export const bm25 = { k1: 0.5, b: 0.6 };

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

/** A term in at most this many chunks (or 1% of them, if more) seeds the candidates. */
const selectiveDf = 1000;
/** Candidates scored exactly on every term. */
const seedCount = 300;

/**
 * One BM25 ranking, best first. `seeded`: candidates from the selective terms only (see
 * keywordRank in retrieval.ts); `exhaustive` says whether the rows are the whole ranking's best.
 */
export async function bm25Rank(
  db: Executor,
  spaceId: string,
  terms: Array<{ term: string; weight: number }>,
  audience: Audience,
  limit: number,
  seeded: boolean,
  pages?: PageScope,
) {
  const list = sql.join(
    terms.map((item) => sql`(${item.term}, ${item.weight}::float8)`),
    sql`, `,
  );
  const { k1, b } = bm25;
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
    ), q(term, weight) as (values ${list}
    ), df as (
      select t.term, q.weight, t.df::float8 as df, t.df <= greatest(${selectiveDf}, stats.n / 100) as selective
      from q join ai_terms t on t.space_id = ${spaceId} and t.term = q.term
      cross join stats
    ), w as (
      select df.term, df.selective or not bool_or(df.selective) over () as seeding,
        ln(1 + greatest(stats.n - df.df + 0.5, 0.5) / (df.df + 0.5)) * df.weight as idf
      from df cross join stats
    ), ${ranked}, best as (
      select chunk_id, score, count(*) over () as scored from scored
      order by score desc, chunk_id
      ${seeded ? sql`limit ${limit * 4}` : sql``}
    )
    select best.chunk_id, best.score, best.scored from best
    join ai_chunks c on c.id = best.chunk_id
    ${passageJoinsSql}
    where not ${passageHiddenSql(audience)} and ${inScopeSql(pages)}
    order by best.score desc, best.chunk_id
    limit ${limit}`,
  );
  const total = Number(rows[0]?.scored ?? 0);
  return {
    rows: rows.map((row) => ({ chunkId: Number(row.chunk_id), score: Number(row.score) })),
    exhaustive: !seeded || total <= limit * 4,
  };
}

/** The space's chunks nearest to the vector (cosine distance), best first. */
export async function vectorRank(
  db: Executor,
  spaceId: string,
  vector: number[],
  audience: Audience,
  limit: number,
  pages?: PageScope,
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
      and not ${passageHiddenSql(audience)} and ${inScopeSql(pages)}
    order by distance, c.id
    limit ${limit}`,
  );
  return rows.map((row) => ({ chunkId: Number(row.id), score: 1 - Number(row.distance) }));
}

/** The passages of these chunks with their documents' titles and sources, by chunk id. */
export async function loadPassages(db: Executor, ids: number[]): Promise<Map<number, Passage>> {
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

/** Creates pgvector in the database; throws when the database does not have it. */
export async function createVectorExtension(db: Database) {
  await db.execute(sql`create extension if not exists vector`);
}
