// Loads a space or a tree node together with the caller's role, checking the action asked for.
// Every read and write by id goes through here; a forbidden object answers like a missing one.
// The caller is a user id, or null for an anonymous visitor. Reads may pass this instance's
// access cache (access-cache.ts) to skip the database while nothing that decides access changed;
// writes check against the database.
import { ErrorCode, type SpaceAccessRole, type SpaceRole } from '@library/contract';
import type { Executor } from '../../db/database.js';
import type { spaceNodes, spaces } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { AccessCache } from './access-cache.js';
import { can, highestRole, type SpaceAction } from './space.policy.js';
import * as repo from './space.repo.js';
import { hiddenFromVisitors, pageKnown } from './visibility.js';

export type SpaceRow = typeof spaces.$inferSelect;
export type NodeRow = typeof spaceNodes.$inferSelect;

const notFound = () => new AppError(ErrorCode.dataMissing);

/** The caller's role: a member's highest role, else 'visitor' when the space is open. */
function accessRole(space: SpaceRow, memberRoles: SpaceRole[]): SpaceAccessRole | null {
  return highestRole(memberRoles) ?? (space.openToVisitors ? 'visitor' : null);
}

/** A live (not deleted) space the caller may `action`; otherwise 404 + 100007. */
export async function accessSpace(
  db: Executor,
  userId: number | null,
  spaceId: string,
  action: SpaceAction,
  cache?: AccessCache,
): Promise<{ space: SpaceRow; role: SpaceAccessRole }> {
  const found = cache
    ? await cache.space(spaceId, userId)
    : await repo.findLiveSpace(db, spaceId, userId);
  if (!found) throw notFound();
  const role = accessRole(found.space, found.roles);
  if (!role || !can(role, action)) throw notFound();
  return { space: found.space, role };
}

/**
 * A live node of a live space the caller may `action`, optionally of one type: the node, its
 * space and the caller's roles come in one round trip.
 */
export async function accessNode(
  db: Executor,
  userId: number | null,
  nodeId: string,
  action: SpaceAction,
  type?: NodeRow['type'],
  cache?: AccessCache,
): Promise<{ node: NodeRow; space: SpaceRow; role: SpaceAccessRole }> {
  const found = cache
    ? await cache.node(nodeId, userId)
    : await repo.findLiveNode(db, nodeId, userId);
  if (!found || (type && found.node.type !== type)) throw notFound();
  const role = accessRole(found.space, found.roles);
  if (!role || !can(role, action)) throw notFound();
  // a visitor never reaches what lies under a topic closed to visitors (visibility.ts)
  if (role === 'visitor' && (await hiddenFromVisitors(db, found.node.id))) throw notFound();
  return { node: found.node, space: found.space, role };
}

/** A live page the caller may `action` and knows of (`pageKnown`: not a visitor's draft). */
export async function accessPage(
  db: Executor,
  userId: number | null,
  pageId: string,
  action: SpaceAction,
  cache?: AccessCache,
) {
  const found = await accessNode(db, userId, pageId, action, 'page', cache);
  if (!pageKnown(found.role, found.node)) throw notFound();
  return found;
}

/**
 * Which of these users may `action` the live page now, as `accessPage` would answer each of
 * them, in a few queries however many they are (telling the watchers of a space).
 */
export async function usersReachingPage(
  db: Executor,
  pageId: string,
  userIds: number[],
  action: SpaceAction,
): Promise<Set<number>> {
  const reaching = new Set<number>();
  const found = await repo.findLiveNode(db, pageId, null);
  if (!found || found.node.type !== 'page' || userIds.length === 0) return reaching;
  const roles = await repo.memberRolesOfUsers(db, found.space.id, userIds);
  let hidden: boolean | undefined;
  for (const userId of userIds) {
    const role = accessRole(found.space, roles.get(userId) ?? []);
    if (!role || !can(role, action) || !pageKnown(role, found.node)) continue;
    if (role === 'visitor') {
      hidden ??= await hiddenFromVisitors(db, pageId);
      if (hidden) continue;
    }
    reaching.add(userId);
  }
  return reaching;
}
