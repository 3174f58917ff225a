// The caller's role in spaces: the highest role of the member groups holding the user (teams
// join with the address book). Visitors of open spaces are decided by `space-access.ts`.
import type { SpaceRole } from '@library/contract';
import type { Executor } from '../../db/database.js';
import { highestRole } from './space.policy.js';
import * as repo from './space.repo.js';

/** The caller's role in each of the given spaces (spaces without a role are left out). */
export async function rolesInSpaces(
  db: Executor,
  userId: number,
  spaceIds?: string[],
): Promise<Map<string, SpaceRole>> {
  if (spaceIds && spaceIds.length === 0) return new Map();
  const roles = new Map<string, SpaceRole[]>();
  for (const row of await repo.memberRoles(db, userId, spaceIds)) {
    roles.set(row.spaceId, [...(roles.get(row.spaceId) ?? []), row.role]);
  }
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
