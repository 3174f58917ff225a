// Teams in the recycle bin. Deleting a team marks it and its live sub-teams in one statement and
// files one recycle item (kind 'team', no space) in its owner's bin; memberships, join requests
// and invitations stay, hidden with the teams. Restoring brings the whole subtree back as it was,
// when its parent team is live (400 + 700009 otherwise: restore the parent first) and no live
// sibling took its name meanwhile (500001), within the owner's team quota (700104) and the
// tree's member quota (700110, or 700112 when the tree is someone else's). Purging deletes the
// subtree for good, with the bin entries of sub-teams deleted on their own before it.
import { ErrorCode, peerQuotaCodes, quotaCodes, type Quotas } from '@library/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { recycleItems } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import { countOwnedTeams, lockAccount } from '../account/index.js';
import { quotasOf } from '../account/index.js';
import * as repo from './team.repo.js';
import type { TeamRow } from './team.repo.js';

type RecycleItemRow = typeof recycleItems.$inferSelect;

/** Puts the team and its sub-teams in the bin; the caller has checked that the user manages it. */
export async function recycleTeam(tx: Executor, userId: number, team: TeamRow) {
  const [item] = await tx
    .insert(recycleItems)
    .values({ kind: 'team', targetId: team.id, spaceId: null, name: team.name, deletedBy: userId })
    .returning({ id: recycleItems.id, deletedAt: recycleItems.deletedAt });
  if (!item) throw new Error('recycle item not written');
  await repo.recycleTeams(tx, team.id, {
    recycleItemId: item.id,
    deletedBy: userId,
    deletedAt: item.deletedAt,
  });
}

/** The team an item stands for (live or not), with its owner, for the bin's policy. */
export async function teamsOfItems(db: Executor, teamIds: string[]) {
  return repo.teamsWithAncestorNames(db, teamIds);
}

/**
 * Brings back the team of `item` with everything deleted with it; answers its parent's id. The
 * caller holds the item's row and has checked that the user owns the team.
 */
export async function restoreTeamItem(
  tx: Executor,
  userId: number,
  item: RecycleItemRow,
  site: Quotas,
): Promise<{ parentId: string | null }> {
  const team = await repo.findTeamInBin(tx, item.targetId, item.id);
  if (!team) throw new AppError(ErrorCode.dataMissing);
  const rootId = team.path[0]!;
  // the same order of locks as creating (account) and adding members (root team)
  await lockAccount(tx, team.ownerId);
  await repo.lockTeam(tx, rootId);
  if (team.parentId !== null) {
    const parent = await repo.findAnyTeam(tx, team.parentId);
    if (!parent || parent.deletedAt) {
      throw new AppError(ErrorCode.operationNotAllowed, {
        status: 400,
        detail: 'the parent team is in the recycle bin; restore it first',
      });
    }
  }
  if (await repo.liveSiblingNamed(tx, team)) throw new AppError(ErrorCode.teamNameDuplicate);

  const quotas = await quotasOf(tx, team.ownerId, site);
  const teamCount = await repo.countTeamsInBin(tx, item.id);
  if ((await countOwnedTeams(tx, team.ownerId)) + teamCount > quotas.teams) {
    throw new AppError(quotaCodes.teams);
  }
  if (team.parentId !== null) {
    // a sub-team's members count again in the tree's total, against the root owner's quota
    const root = await repo.findTeam(tx, rootId);
    if (!root) throw new AppError(ErrorCode.dataMissing);
    const rootQuotas =
      root.ownerId === team.ownerId ? quotas : await quotasOf(tx, root.ownerId, site);
    const codes = root.ownerId === userId ? quotaCodes : peerQuotaCodes;
    const members = await repo.countMembersInBin(tx, item.id);
    if ((await repo.countTreeMembers(tx, rootId)) + members > rootQuotas.teamMembersTotal) {
      throw new AppError(codes.teamMembersTotal);
    }
  }
  try {
    await repo.restoreTeams(tx, item.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.teamNameDuplicate);
    throw error;
  }
  return { parentId: team.parentId };
}

/**
 * Deletes the team of `item` for good with its subtree, and the bin entries of sub-teams that
 * were deleted on their own before it (their teams go with this one).
 */
export async function destroyTeamItem(tx: Executor, item: RecycleItemRow) {
  const subtree = await repo.destroyTeam(tx, item.targetId);
  const others = subtree.filter((id) => id !== item.targetId);
  if (others.length > 0) {
    await tx
      .delete(recycleItems)
      .where(and(eq(recycleItems.kind, 'team'), inArray(recycleItems.targetId, others)));
  }
}
