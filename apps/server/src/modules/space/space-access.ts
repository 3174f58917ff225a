// Loads a space or a tree node together with the caller's role, checking the action asked for.
// Every read and write by id goes through here; a forbidden object answers like a missing one.
// The caller is a user id, or null for an anonymous visitor.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ErrorCode, type SpaceAccessRole, type SpaceRole } from '@library/contract';
import type { Executor } from '../../db/database.js';
import { spaceMemberGroups, spaceMembers, spaceNodes, spaces } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { can, highestRole, type SpaceAction } from './space.policy.js';

export type SpaceRow = typeof spaces.$inferSelect;
export type NodeRow = typeof spaceNodes.$inferSelect;

const notFound = () => new AppError(ErrorCode.dataMissing);

/** The caller's role in each of the given spaces (spaces without a role are left out). */
export async function rolesInSpaces(
  db: Executor,
  userId: number,
  spaceIds?: string[],
): Promise<Map<string, SpaceRole>> {
  if (spaceIds && spaceIds.length === 0) return new Map();
  const rows = await db
    .select({ spaceId: spaceMemberGroups.spaceId, role: spaceMemberGroups.role })
    .from(spaceMembers)
    .innerJoin(spaceMemberGroups, eq(spaceMemberGroups.id, spaceMembers.memberGroupId))
    .where(
      and(
        eq(spaceMembers.memberType, 'user'),
        eq(spaceMembers.memberId, String(userId)),
        spaceIds ? inArray(spaceMemberGroups.spaceId, spaceIds) : undefined,
      ),
    );
  const roles = new Map<string, SpaceRole[]>();
  for (const row of rows) roles.set(row.spaceId, [...(roles.get(row.spaceId) ?? []), row.role]);
  const result = new Map<string, SpaceRole>();
  for (const [spaceId, list] of roles) {
    const best = highestRole(list);
    if (best) result.set(spaceId, best);
  }
  return result;
}

export async function roleInSpace(db: Executor, userId: number, spaceId: string) {
  return (await rolesInSpaces(db, userId, [spaceId])).get(spaceId) ?? null;
}

/** The caller's role in a space: a member's role, else 'visitor' when the space is open. */
async function accessRole(
  db: Executor,
  userId: number | null,
  space: SpaceRow,
): Promise<SpaceAccessRole | null> {
  const role = userId === null ? null : await roleInSpace(db, userId, space.id);
  return role ?? (space.openToVisitors ? 'visitor' : null);
}

/** A live (not deleted) space the caller may `action`; otherwise 404 + 100007. */
export async function accessSpace(
  db: Executor,
  userId: number | null,
  spaceId: string,
  action: SpaceAction,
): Promise<{ space: SpaceRow; role: SpaceAccessRole }> {
  const [space] = await db
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), isNull(spaces.deletedAt)))
    .limit(1);
  if (!space) throw notFound();
  const role = await accessRole(db, userId, space);
  if (!role || !can(role, action)) throw notFound();
  return { space, role };
}

/** A live node of a live space the caller may `action`, optionally of one type. */
export async function accessNode(
  db: Executor,
  userId: number | null,
  nodeId: string,
  action: SpaceAction,
  type?: NodeRow['type'],
): Promise<{ node: NodeRow; space: SpaceRow; role: SpaceAccessRole }> {
  const [node] = await db
    .select()
    .from(spaceNodes)
    .where(and(eq(spaceNodes.id, nodeId), isNull(spaceNodes.deletedAt)))
    .limit(1);
  if (!node || (type && node.type !== type)) throw notFound();
  const { space, role } = await accessSpace(db, userId, node.spaceId, action);
  return { node, space, role };
}

/**
 * A live page the caller may `action`. A visitor knows only pages with a published version: an
 * unpublished page (its title, authors, comments) looks missing. Members keep reaching one by
 * its link (a reader sees that it is not published, and its discussion), though the tree lists
 * it for editors only.
 */
export async function accessPage(
  db: Executor,
  userId: number | null,
  pageId: string,
  action: SpaceAction,
) {
  const found = await accessNode(db, userId, pageId, action, 'page');
  if (found.role === 'visitor' && found.node.publishedVersion === null) throw notFound();
  return found;
}
