// The one visibility rule of a space's content, for every module that lists, ranks or fetches it
// (tree, pages, versions, files, AI retrieval; search, MCP and shares plug in here too):
//
//   Editors and above see every live page and file. Readers and visitors — the `readers`
//   audience — see the pages that have a published version (and only that version), the files
//   uploaded into such pages, and the files of the space's library (uploaded into no page).
//   Topics and links are seen by everyone who reads the space.
//
// A visitor does not even learn that an unpublished page exists; a member (reader) reaching one
// by its link sees its details and discussion, never its content (`pageKnown`).
//
// Three shapes of the same rule: predicates on a loaded row, SQL conditions for queries that list
// or rank, and `filterReadable` for anything that holds ids (Immich's `checkAccess` shape).
import { and, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { idSchema, type SpaceAccessRole } from '@library/contract';
import type { Executor } from '../../db/database.js';
import { spaceFiles, spaceNodes, spaces } from '../../db/schema/index.js';
import { rolesInSpaces } from './space-roles.js';
import { can } from './space.policy.js';

/** Whom content is shown to: `editors` see drafts, `readers` (readers and visitors) do not. */
export type Audience = 'editors' | 'readers';

export const audienceOf = (role: SpaceAccessRole): Audience =>
  can(role, 'edit') ? 'editors' : 'readers';

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

/** A tree node as the tree query reads it (`published`: a page has a published version). */
export const nodeShown = (audience: Audience, node: { type: string; published: boolean }) =>
  node.type !== 'page' || audience === 'editors' || node.published;

/** A live file, with `inReadersPage` read by `fileInReadersPageSql`. */
export const fileShown = (audience: Audience, file: { inReadersPage: boolean }) =>
  audience === 'editors' || file.inReadersPage;

// --- SQL for queries that list or rank --------------------------------------------------------

/** Over `space_nodes`: the nodes the audience sees listed (undefined: all of them). */
export function shownNodesSql(audience: Audience): SQL | undefined {
  return audience === 'editors'
    ? undefined
    : or(ne(spaceNodes.type, 'page'), isNotNull(spaceNodes.publishedVersion));
}

/** Over `space_nodes` known to be pages: the ones whose content the audience sees. */
export function shownPagesSql(audience: Audience): SQL | undefined {
  return audience === 'editors' ? undefined : isNotNull(spaceNodes.publishedVersion);
}

/**
 * Over `space_files`: whether the page the file was uploaded into (if any) is live, and for
 * readers published — deleting a page takes its files to the recycle bin with it.
 */
function inPageSql(audience: Audience): SQL {
  return or(
    isNull(spaceFiles.pageId),
    sql`exists (select 1 from ${spaceNodes} where ${spaceNodes.id} = ${spaceFiles.pageId}
      and ${spaceNodes.deletedAt} is null${
        audience === 'readers' ? sql` and ${spaceNodes.publishedVersion} is not null` : sql``
      })`,
  ) as SQL;
}

/** Over `space_files`: the live files the audience sees. */
export function shownFilesSql(audience: Audience): SQL {
  return and(isNull(spaceFiles.deletedAt), inPageSql(audience)) as SQL;
}

/** Over `space_files`, as a selected boolean: whether readers see the file, where editors do. */
export const fileInReadersPageSql = (): SQL<boolean> => sql<boolean>`${inPageSql('readers')}`;

/**
 * Over an AI passage: its chunk's document `d` (ai_documents) left-joined with its page `n`
 * (space_nodes) and file `f` (space_files), as `passageJoinsSql` joins them to a chunk `c`. True
 * when the audience may not read the passage: its page or file is deleted; for readers also a
 * draft passage, a page no longer published (before its re-index ran) or a file of an
 * unpublished page.
 */
export function passageHiddenSql(audience: Audience): SQL {
  return sql`coalesce(
      (d.page_id is not null and (n.id is null or n.deleted_at is not null))
      or (d.source_type = 'file' and (f.id is null or f.deleted_at is not null))
      ${
        audience === 'editors'
          ? sql``
          : sql`or (d.source_type = 'page' and (d.version is null or n.published_version is null))
                or (d.source_type = 'file' and d.page_id is not null and n.published_version is null)`
      }, false)`;
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
            readers: fileInReadersPageSql(),
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
    if (role && (audienceOf(role) === 'editors' || row.readers)) readable.add(row.id);
  }
  return readable;
}
