// The one visibility rule of a space's content, for every module that lists, ranks or fetches it
// (tree, pages, versions, files, AI retrieval; search, MCP and shares plug in here too):
//
//   Editors and above see every live page and file. Readers and visitors — the `readers` and
//   `visitors` audiences — see the pages that have a published version (and only that version),
//   the files uploaded into such pages, and the files of the space's library (uploaded into no
//   page). Topics and links are seen by everyone who reads the space. Visitors (non-members of an
//   open space) moreover never see a topic closed to visitors, nor anything under it (its whole
//   subtree: topics, pages, links, the files uploaded into those pages, their passages).
//
// A visitor does not even learn that an unpublished page exists; a member (reader) reaching one
// by its link sees its details and discussion, never its content (`pageKnown`).
//
// Three shapes of the same rule: predicates on a loaded row, SQL conditions for queries that list
// or rank, and `filterReadable` for anything that holds ids (Immich's `checkAccess` shape).
import { and, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { idSchema, type SpaceAccessRole } from '@library/contract';
import { queryRows, type Executor } from '../../db/database.js';
import { spaceFiles, spaceNodes, spaces } from '../../db/schema/index.js';
import { rolesInSpaces } from './space-roles.js';
import { can } from './space.policy.js';

/**
 * Whom content is shown to: `editors` see drafts, `readers` (members) and `visitors` do not;
 * visitors do not see what lies under a topic closed to visitors either.
 */
export type Audience = 'editors' | 'readers' | 'visitors';

export const audienceOf = (role: SpaceAccessRole): Audience =>
  role === 'visitor' ? 'visitors' : can(role, 'edit') ? 'editors' : 'readers';

/** The narrower of the audience and readers (AI answers that leave drafts out for everyone). */
export const atMostReaders = (audience: Audience): Audience =>
  audience === 'editors' ? 'readers' : audience;

// --- a loaded row -----------------------------------------------------------------------------

interface PageState {
  publishedVersion: number | null;
}

/** A page's content (blocks, place in the tree and lists, passages, files) for the audience. */
export const pageShown = (audience: Audience, page: PageState) =>
  audience === 'editors' || page.publishedVersion !== null;

/** Whether the page exists for the caller at all (its details and comments): see above. */
export const pageKnown = (role: SpaceAccessRole, page: PageState) =>
  role !== 'visitor' || page.publishedVersion !== null;

/** A version of a page for the audience: readers see only the published one. */
export const versionShown = (audience: Audience, page: PageState, version: number) =>
  audience === 'editors' || version === page.publishedVersion;

/**
 * A tree node as the tree query reads it (`published`: a page has a published version;
 * `visitorsClosed`: a topic closed to visitors). A node under a hidden topic is left out by
 * `buildTree`, which drops nodes whose topic is missing.
 */
export const nodeShown = (
  audience: Audience,
  node: { type: string; published: boolean; visitorsClosed?: boolean },
) =>
  node.type === 'page'
    ? audience === 'editors' || node.published
    : !(audience === 'visitors' && node.type === 'topic' && node.visitorsClosed);

/** A live file, with `inReadersPage` and `inVisitorsPage` read by `fileInPageSql`. */
export const fileShown = (
  audience: Audience,
  file: { inReadersPage: boolean; inVisitorsPage: boolean },
) => audience === 'editors' || (audience === 'readers' ? file.inReadersPage : file.inVisitorsPage);

// --- topics closed to visitors ----------------------------------------------------------------

/**
 * The ids of every live node hidden from visitors: the topics closed to visitors and their whole
 * subtrees, as a subquery (`… not in (visitorHiddenSql)`). It starts from the closed topics (few,
 * and found by a partial index) and walks down space_nodes_space_parent_idx; it is not
 * correlated, so it runs once per query.
 */
export const visitorHiddenSql = sql`(with recursive hidden(id, space_id) as (
      select c.id, c.space_id from space_nodes c
      where c.visitors_closed and c.type = 'topic' and c.deleted_at is null
      union
      select n.id, n.space_id from space_nodes n
      join hidden h on n.space_id = h.space_id and n.parent_id = h.id
      where n.deleted_at is null
    ) select id from hidden)`;

/**
 * Whether a node lies under a topic closed to visitors (or is one): the walk up from the node
 * through its topics. One query; empty at once in spaces without closed topics.
 */
export async function hiddenFromVisitors(db: Executor, nodeId: string): Promise<boolean> {
  const rows = await queryRows<{ closed: boolean }>(
    db,
    sql`with recursive up(id, parent_id, space_id, closed) as (
        select n.id, n.parent_id, n.space_id, n.visitors_closed from space_nodes n
        where n.id = ${nodeId}
          and exists (select 1 from space_nodes c where c.space_id = n.space_id
            and c.visitors_closed and c.deleted_at is null)
        union all
        select p.id, p.parent_id, p.space_id, p.visitors_closed from space_nodes p
        join up on p.id = up.parent_id and p.space_id = up.space_id
        where not up.closed
      ) select bool_or(closed) as closed from up`,
  );
  return rows[0]?.closed === true;
}

// --- SQL for queries that list or rank --------------------------------------------------------

/** Over `space_nodes`: not under a topic closed to visitors, for visitors. */
const openToAudienceSql = (audience: Audience): SQL | undefined =>
  audience === 'visitors' ? sql`${spaceNodes.id} not in ${visitorHiddenSql}` : undefined;

/** Over `space_nodes`: the nodes the audience sees listed (undefined: all of them). */
export function shownNodesSql(audience: Audience): SQL | undefined {
  return audience === 'editors'
    ? undefined
    : and(
        or(ne(spaceNodes.type, 'page'), isNotNull(spaceNodes.publishedVersion)),
        openToAudienceSql(audience),
      );
}

/** Over `space_nodes` known to be pages: the ones whose content the audience sees. */
export function shownPagesSql(audience: Audience): SQL | undefined {
  return audience === 'editors'
    ? undefined
    : and(isNotNull(spaceNodes.publishedVersion), openToAudienceSql(audience));
}

/**
 * Over `space_files`: whether the page the file was uploaded into (if any) is live, and for
 * readers published — deleting a page takes its files to the recycle bin with it. The files an
 * import stored before its pages are saved (`import_id`) are the editors' only.
 */
function inPageSql(audience: Audience): SQL {
  const inPage = or(
    isNull(spaceFiles.pageId),
    sql`exists (select 1 from ${spaceNodes} where ${spaceNodes.id} = ${spaceFiles.pageId}
      and ${spaceNodes.deletedAt} is null${
        audience === 'editors' ? sql`` : sql` and ${spaceNodes.publishedVersion} is not null`
      }${audience === 'visitors' ? sql` and ${spaceNodes.id} not in ${visitorHiddenSql}` : sql``})`,
  ) as SQL;
  return audience === 'editors' ? inPage : (and(isNull(spaceFiles.importId), inPage) as SQL);
}

/** Over `space_files`: the live files the audience sees. */
export function shownFilesSql(audience: Audience): SQL {
  return and(isNull(spaceFiles.deletedAt), inPageSql(audience)) as SQL;
}

/** Over `space_files`, as a selected boolean: whether the audience sees the file, where editors do. */
export const fileInPageSql = (audience: 'readers' | 'visitors'): SQL<boolean> =>
  sql<boolean>`${inPageSql(audience)}`;

/**
 * Over an AI passage: its chunk's document `d` (ai_documents) left-joined with its page `n`
 * (space_nodes) and file `f` (space_files), as `passageJoinsSql` joins them to a chunk `c`. True
 * when the audience may not read the passage: its page or file is deleted; for readers also a
 * draft passage, a page no longer published (before its re-index ran), a file of an
 * unpublished page or a file an import stored before its pages are saved.
 */
export function passageHiddenSql(audience: Audience): SQL {
  return sql`coalesce(
      (d.page_id is not null and (n.id is null or n.deleted_at is not null))
      or (d.source_type = 'file' and (f.id is null or f.deleted_at is not null))
      ${
        audience === 'editors'
          ? sql``
          : sql`or (d.source_type = 'page' and (d.version is null or n.published_version is null))
                or (d.source_type = 'file' and d.page_id is not null and n.published_version is null)
                or (d.source_type = 'file' and f.import_id is not null)`
      }${audience === 'visitors' ? sql` or (d.page_id is not null and d.page_id in ${visitorHiddenSql})` : sql``}, false)`;
}

/** Joins a chunk `c` to what `passageHiddenSql` reads. */
export const passageJoinsSql = sql`join ai_documents d on d.id = c.document_id
    left join space_nodes n on n.id = d.page_id
    left join space_files f on f.id = d.file_id`;

// --- ids --------------------------------------------------------------------------------------

export type ReadableKind = 'page' | 'file';

/**
 * The ids among `ids` whose content the caller (a user, or null for an anonymous visitor) may
 * read: live, in a live space where the caller is a member or which is open to visitors, and
 * shown to the caller's audience. Missing, malformed and forbidden ids are simply left out. Two
 * queries however many ids and spaces.
 */
export async function filterReadable(
  db: Executor,
  callerId: number | null,
  kind: ReadableKind,
  ids: Iterable<string>,
): Promise<Set<string>> {
  // ids are UUIDs: anything else names nothing (and must not reach a uuid column)
  const wanted = [...new Set(ids)].filter((id) => idSchema.safeParse(id).success);
  if (wanted.length === 0) return new Set();
  const rows =
    kind === 'page'
      ? await db
          .select({
            id: spaceNodes.id,
            spaceId: spaceNodes.spaceId,
            open: spaces.openToVisitors,
            readers: sql<boolean>`${spaceNodes.publishedVersion} is not null`,
            visitors: sql<boolean>`${spaceNodes.publishedVersion} is not null
              and ${spaceNodes.id} not in ${visitorHiddenSql}`,
          })
          .from(spaceNodes)
          .innerJoin(spaces, eq(spaces.id, spaceNodes.spaceId))
          .where(
            and(
              inArray(spaceNodes.id, wanted),
              eq(spaceNodes.type, 'page'),
              isNull(spaceNodes.deletedAt),
              isNull(spaces.deletedAt),
            ),
          )
      : await db
          .select({
            id: spaceFiles.id,
            spaceId: spaceFiles.spaceId,
            open: spaces.openToVisitors,
            readers: fileInPageSql('readers'),
            visitors: fileInPageSql('visitors'),
          })
          .from(spaceFiles)
          .innerJoin(spaces, eq(spaces.id, spaceFiles.spaceId))
          .where(
            and(inArray(spaceFiles.id, wanted), shownFilesSql('editors'), isNull(spaces.deletedAt)),
          );
  const roles =
    callerId === null
      ? new Map<string, SpaceAccessRole>()
      : await rolesInSpaces(db, callerId, [...new Set(rows.map((row) => row.spaceId))]);
  const readable = new Set<string>();
  for (const row of rows) {
    const role: SpaceAccessRole | null = roles.get(row.spaceId) ?? (row.open ? 'visitor' : null);
    if (!role) continue;
    const audience = audienceOf(role);
    if (audience === 'editors' || (audience === 'readers' ? row.readers : row.visitors)) {
      readable.add(row.id);
    }
  }
  return readable;
}
