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
  const phraseSql = phrases.map((phrase) => sql` and strpos(d.folded, ${phrase}) > 0`);
  return queryRows<SearchRow>(
    db,
    sql`with q(term, weight) as (
        select * from unnest(array[${termList}]::text[], array[${weightList}]::float8[])),
      df as (select p.term, count(*)::float8 as df from search_postings p
        where p.term in (select term from q) group by p.term),
      scored as (
        select p.doc_id, sum(q.weight
          * ln(1 + (greatest(${docs}::float8, df.df) - df.df + 0.5) / (df.df + 0.5))
          * p.tf * ${sql.raw(String(k1 + 1))}
          / (p.tf + ${sql.raw(String(k1))} * (1 - ${sql.raw(String(b))} + ${sql.raw(String(b))} * d.length / ${avgLength}::float8))
        ) as score
        from search_postings p join q on q.term = p.term join df on df.term = p.term
        join search_docs d on d.id = p.doc_id
        where ((d.space_id = any(${editors}) and d.variant <> 'published')
          or ((d.space_id = any(${readers}) or d.space_id = any(${visitors})) and d.variant <> 'draft')
          or ${mine})
          ${scope.type ? sql`and d.type = ${scope.type}` : sql``}
          ${scope.authorId ? sql`and d.author_id = ${scope.authorId}` : sql``}
          ${scope.updatedAfter ? sql`and d.updated_at >= ${scope.updatedAfter.toISOString()}::timestamptz` : sql``}
          ${scope.updatedBefore ? sql`and d.updated_at <= ${scope.updatedBefore.toISOString()}::timestamptz` : sql``}
        group by p.doc_id)
      select d.id, d.type, d.object_id as "objectId", d.space_id as "spaceId", d.title, d.body,
        d.blocks, s.score, count(*) over ()::int as "total"
      from scored s join search_docs d on d.id = s.doc_id
        left join space_nodes on "space_nodes"."id" = d.node_id
        left join space_files on "space_files"."id" = d.file_id
        left join spaces on "spaces"."id" = d.space_id
      where (${mine} or ("spaces"."deleted_at" is null and case
          when d.space_id = any(${editors}) then ${shownSql('editors')}
          when d.space_id = any(${readers}) then ${shownSql('readers')}
          else ${shownSql('visitors')} end))${sql.join(phraseSql, sql``)}
      order by s.score desc, d.id
      limit ${pageSize} offset ${page * pageSize}`,
  );
}
