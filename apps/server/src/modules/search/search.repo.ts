// The search query: BM25 over search_postings (as the AI index ranks, docs/decisions/ai.md),
// then the candidates, best first, restricted to the caller's scope and checked against their
// live rows by the visibility rule (space/visibility.ts) before they are counted or cut into a
// page — counted up to `searchTotalCountedUpTo`, so `total` only ever counts what the caller may open.
import { searchTotalCountedUpTo } from '@library/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
import { shownFilesSql, shownNodesSql, shownPagesSql, type Audience } from '../space/index.js';

/** BM25 parameters (the AI index's, measured on CMRC 2018). */
const k1 = 0.5;
const b = 0.6;

export interface SearchScope {
  callerId: number | null;
  /** spaces whose drafts the caller sees */
  editorSpaces: string[];
  /** spaces whose published content the caller sees as a member */
  readerSpaces: string[];
  /** spaces open to visitors whose published content the caller sees as a visitor (nothing under a topic closed to visitors) */
  visitorSpaces: string[];
  /** the caller's own quick notes too */
  notes: boolean;
  type?: string;
  /** filters: who made it, and when it last changed (inclusive bounds) */
  authorId?: number;
  updatedAfter?: Date;
  updatedBefore?: Date;
}

export interface SearchRow {
  id: number;
  type: 'page' | 'topic' | 'link' | 'file' | 'note';
  objectId: string;
  spaceId: string | null;
  title: string;
  body: string;
  blocks: Array<[string, number]>;
  score: number;
  total: number;
}

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

// Kept per database handle: one process may hold several databases (the API tests run many test
// files in one worker), and one database's counts must never rank another's documents.
const statsOf = new WeakMap<Executor, { at: number; docs: number; avgLength: number }>();
/** Document count and mean length for BM25, read at most every 10 s (they move slowly). */
async function indexStats(db: Executor) {
  const cached = statsOf.get(db);
  if (cached && Date.now() - cached.at < 10_000) return cached;
  const [row] = await queryRows<{ docs: number; avgLength: number | null }>(
    db,
    sql`select count(*)::int as "docs", avg(length)::float8 as "avgLength" from search_docs`,
  );
  const stats = { at: Date.now(), docs: row?.docs ?? 0, avgLength: row?.avgLength ?? 1 };
  statsOf.set(db, stats);
  return stats;
}

/** Over `search_docs d` joined with its live page or node, file and space: shown to `audience`. */
function shownSql(audience: Audience): SQL {
  const liveNode = sql`"space_nodes"."id" is not null and "space_nodes"."deleted_at" is null`;
  return sql`((d.type in ('topic', 'link') and ${liveNode} and ${shownNodesSql(audience) ?? sql`true`})
    or (d.type = 'page' and ${liveNode} and ${
      audience === 'editors'
        ? sql`d.variant = 'draft'`
        : sql`d.variant = 'published' and ${shownPagesSql(audience)}
              and d.version = "space_nodes"."published_version"`
    })
    or (d.type = 'file' and "space_files"."id" is not null and ${shownFilesSql(audience)}))`;
}

export async function searchDocuments(
  db: Executor,
  scope: SearchScope,
  terms: Array<{ term: string; weight: number }>,
  phrases: string[],
  page: number,
  pageSize: number,
  countUpTo = searchTotalCountedUpTo,
): Promise<SearchRow[]> {
  if (terms.length === 0) return [];
  const { docs, avgLength } = await indexStats(db);
  const editors = uuidArray(scope.editorSpaces);
  const readers = uuidArray(scope.readerSpaces);
  const visitors = uuidArray(scope.visitorSpaces);
  const mine =
    scope.notes && scope.callerId !== null
      ? sql`(d.type = 'note' and d.owner_id = ${scope.callerId})`
      : sql`false`;
  const termList = sql.join(
    terms.map((t) => sql`${t.term}`),
    sql`, `,
  );
  const weightList = sql.join(
    terms.map((t) => sql`${t.weight}`),
    sql`, `,
  );
  const phraseSql = phrases.map(
    (phrase) =>
      sql` and strpos((select x.folded from search_docs x where x.id = d.id), ${phrase}) > 0`,
  );
  // Shaped for 100,000 pages (docs/performance.md 'Search'): each term's document frequency is
  // counted from the postings' key alone, and BM25 is scored from the postings alone (each
  // carries its document's length); then the candidates are taken best first, each read from
  // the covering index (`search_docs_rank_idx`: scope and filters) and checked against its live
  // page or node, file and space by primary key (`lateral … limit 1`), until `countedUpTo` are
  // shown — a query matching thousands of pages reads a thousand. The ranked candidates are
  // materialized in score order and every join after them is a nested loop, so the check meets
  // them best first. Only the page of results fetches text.
  const countedUpTo = Math.max(countUpTo, (page + 1) * pageSize);
  return queryRows<SearchRow>(
    db,
    sql`with q(term, weight) as (
        select * from unnest(array[${termList}]::text[], array[${weightList}]::float8[])),
      idf as (
        select q.term, q.weight
          * ln(1 + (greatest(${docs}::float8, c.df) - c.df + 0.5) / (c.df + 0.5)) as idf
        from q cross join lateral (
          select count(*)::float8 as df from search_postings p where p.term = q.term) c),
      ranked as materialized (
        select p.doc_id, sum(i.idf * p.tf * ${sql.raw(String(k1 + 1))}
            / (p.tf + ${sql.raw(String(k1))} * (1 - ${sql.raw(String(b))} + ${sql.raw(String(b))} * p.length / ${avgLength}::float8))
          ) as score
        from idf i join search_postings p on p.term = i.term
        group by p.doc_id
        order by score desc, p.doc_id),
      shown as (
        select d.id, d.type, d.space_id, r.score
        from ranked r
          join lateral (select x.id, x.type, x.variant, x.space_id, x.node_id, x.file_id,
              x.owner_id, x.author_id, x.updated_at, x.version
            from search_docs x where x.id = r.doc_id limit 1) d on true
          left join lateral (select * from space_nodes n where n.id = d.node_id limit 1) space_nodes on true
          left join lateral (select * from space_files f where f.id = d.file_id limit 1) space_files on true
          left join lateral (select * from spaces s where s.id = d.space_id limit 1) spaces on true
        where ((d.space_id = any(${editors}) and d.variant <> 'published')
            or ((d.space_id = any(${readers}) or d.space_id = any(${visitors})) and d.variant <> 'draft')
            or ${mine})
          ${scope.type ? sql`and d.type = ${scope.type}` : sql``}
          ${scope.authorId ? sql`and d.author_id = ${scope.authorId}` : sql``}
          ${scope.updatedAfter ? sql`and d.updated_at >= ${scope.updatedAfter.toISOString()}::timestamptz` : sql``}
          ${scope.updatedBefore ? sql`and d.updated_at <= ${scope.updatedBefore.toISOString()}::timestamptz` : sql``}
          and (${mine} or ("spaces"."deleted_at" is null and case
            when d.space_id = any(${editors}) then ${shownSql('editors')}
            when d.space_id = any(${readers}) then ${shownSql('readers')}
            else ${shownSql('visitors')} end))${sql.join(phraseSql, sql``)}
        limit ${countedUpTo})
      select s.id, s.type, x.object_id as "objectId", s.space_id as "spaceId", x.title, x.body,
        x.blocks, s.score, (select count(*)::int from shown) as "total"
      from (select * from shown order by score desc, id limit ${pageSize} offset ${page * pageSize}) s
        join search_docs x on x.id = s.id
      order by s.score desc, s.id`,
  );
}
