// The search query: BM25 over search_postings (as the AI index ranks, docs/decisions/ai.md),
// restricted to the caller's scope, then every candidate checked against its live row by the
// visibility rule (space/visibility.ts) before it is counted or cut into a page.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
import { shownFilesSql, shownNodesSql, shownPagesSql, type Audience } from '../space/visibility.js';

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

let stats: { at: number; docs: number; avgLength: number } | null = null;
/** Document count and mean length for BM25, read at most every 10 s (they move slowly). */
async function indexStats(db: Executor) {
  if (stats && Date.now() - stats.at < 10_000) return stats;
  const [row] = await queryRows<{ docs: number; avgLength: number | null }>(
    db,
    sql`select count(*)::int as "docs", avg(length)::float8 as "avgLength" from search_docs`,
  );
  stats = { at: Date.now(), docs: row?.docs ?? 0, avgLength: row?.avgLength ?? 1 };
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
  // Shaped for 100,000 pages (docs/performance.md 'Search'): the postings are read once (their
  // document frequency counted over the same rows), the candidates carry only their small
  // columns, each is checked against its live page or node and file by a primary-key lookup
  // (`lateral … limit 1` keeps the planner from hashing whole tables), and only the page of
  // results fetches titles and text.
  return queryRows<SearchRow>(
    db,
    sql`with q(term, weight) as (
        select * from unnest(array[${termList}]::text[], array[${weightList}]::float8[])),
      matched as (
        select p.term, p.doc_id, p.tf, count(*) over (partition by p.term)::float8 as df
        from search_postings p where p.term in (select term from q)),
      scored as (
        select d.id, d.type, d.variant, d.object_id, d.space_id, d.node_id, d.file_id, d.owner_id,
          d.version, sum(q.weight
          * ln(1 + (greatest(${docs}::float8, m.df) - m.df + 0.5) / (m.df + 0.5))
          * m.tf * ${sql.raw(String(k1 + 1))}
          / (m.tf + ${sql.raw(String(k1))} * (1 - ${sql.raw(String(b))} + ${sql.raw(String(b))} * d.length / ${avgLength}::float8))
        ) as score
        from matched m join q on q.term = m.term
        join search_docs d on d.id = m.doc_id
        where ((d.space_id = any(${editors}) and d.variant <> 'published')
          or ((d.space_id = any(${readers}) or d.space_id = any(${visitors})) and d.variant <> 'draft')
          or ${mine})
          ${scope.type ? sql`and d.type = ${scope.type}` : sql``}
          ${scope.authorId ? sql`and d.author_id = ${scope.authorId}` : sql``}
          ${scope.updatedAfter ? sql`and d.updated_at >= ${scope.updatedAfter.toISOString()}::timestamptz` : sql``}
          ${scope.updatedBefore ? sql`and d.updated_at <= ${scope.updatedBefore.toISOString()}::timestamptz` : sql``}
        group by d.id),
      shown as (
        select d.id, d.type, d.object_id, d.space_id, d.score, count(*) over ()::int as "total"
        from scored d
          left join lateral (select * from space_nodes n where n.id = d.node_id limit 1) space_nodes on true
          left join lateral (select * from space_files f where f.id = d.file_id limit 1) space_files on true
          left join spaces on "spaces"."id" = d.space_id
        where (${mine} or ("spaces"."deleted_at" is null and case
            when d.space_id = any(${editors}) then ${shownSql('editors')}
            when d.space_id = any(${readers}) then ${shownSql('readers')}
            else ${shownSql('visitors')} end))${sql.join(phraseSql, sql``)}
        order by d.score desc, d.id
        limit ${pageSize} offset ${page * pageSize})
      select s.id, s.type, s.object_id as "objectId", s.space_id as "spaceId", x.title, x.body,
        x.blocks, s.score, s.total
      from shown s join search_docs x on x.id = s.id
      order by s.score desc, s.id`,
  );
}
