// Nested teams: who manages a team, who adds, removes or invites whom, and the creator who stays
// (500004 when removed, 500005 when their role would change) are team.policy.ts. Names are unique
// among siblings (500001); a team moves only inside its own root team (500006) and never under
// itself or its descendants (500007). Members come from the manager's friends (500003 when in
// already). Creating needs the 'create teams' switch (700066) and room in the creator's team
// quota (700104); members count against the root owner's quotas (700109 per team, 700110 in
// the whole tree; 700111 and 700112 when someone else than the root owner adds them): every way in
// (a direct add here, an accepted join request or invitation in team-invite.service.ts) goes
// through `admitMember`. A team is seen only by those in its tree (404 to anyone else, like a
// missing one); a deleted team is in the recycle bin (team.recycle.ts) and 404 to everyone.
import crypto from 'node:crypto';
import {
  ErrorCode,
  peerQuotaCodes,
  quotaCodes,
  type Quotas,
  type Team,
  type TeamDetail,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import { positionBetween } from '../../lib/position.js';
import { countOwnedTeams, lockAccount } from '../account/index.js';
import { assertWithinQuota, quotasOf, requireFeature } from '../account/index.js';
import { findFriend } from './friend.repo.js';
import * as repo from './team.repo.js';
import type { TeamRow } from './team.repo.js';
import { settlePendingOf } from './team-invite.repo.js';
import { isTeamCreator, managesTeam, mayAddMember, mayRemoveMember } from './team.policy.js';
import { presentTeam, presentTeamDetail } from './team.presenter.js';
import { recycleTeam } from './team.recycle.js';

const notFound = () => new AppError(ErrorCode.dataMissing);

/** The team, when the user is in its tree; with whether they manage it. */
export async function visibleTeam(db: Executor, userId: number, teamId: string) {
  const team = await repo.findTeam(db, teamId);
  if (!team || !(await repo.inTree(db, userId, team.path[0]!))) throw notFound();
  const roles = await repo.rolesIn(db, userId, team.path);
  return { team, myRole: roles.get(team.id) ?? null, canManage: managesTeam(roles.values()) };
}

/** Whether the user manages the live team (team.policy.ts). */
export async function userManagesTeam(db: Executor, userId: number, team: TeamRow) {
  return managesTeam((await repo.rolesIn(db, userId, team.path)).values());
}

/** The team, when the user manages it (403 + 100009 when only in its tree). */
export async function managedTeam(db: Executor, userId: number, teamId: string) {
  const found = await visibleTeam(db, userId, teamId);
  if (!found.canManage) throw new AppError(ErrorCode.permissionDenied);
  return found.team;
}

const duplicateName = () => new AppError(ErrorCode.teamNameDuplicate);

async function withUniqueName<Result>(write: () => Promise<Result>) {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}

export async function listTeams(db: Executor, userId: number): Promise<Team[]> {
  const rows = await repo.teamsOfUser(db, userId);
  const roles = await repo.rolesIn(
    db,
    userId,
    rows.map((row) => row.team.id),
  );
  // every team of the user's trees is listed, so its path's roles are all in `roles`
  return rows.map(({ team, memberCount }) =>
    presentTeam(team, {
      myRole: roles.get(team.id) ?? null,
      canManage: managesTeam(team.path.map((id) => roles.get(id))),
      memberCount,
    }),
  );
}

export async function getTeam(db: Executor, userId: number, teamId: string): Promise<TeamDetail> {
  const { team, myRole, canManage } = await visibleTeam(db, userId, teamId);
  const members = await repo.membersOf(db, teamId);
  return presentTeamDetail(team, { myRole, canManage }, members);
}

/** Creates a root team, or a sub-team of one the user manages; the creator owns it. */
export async function createTeam(
  db: Database,
  userId: number,
  input: { name: string; parentId?: string | null | undefined },
  site: Quotas,
) {
  await requireFeature(db, userId, 'createTeam');
  const parent = input.parentId ? await managedTeam(db, userId, input.parentId) : null;
  const id = crypto.randomUUID();
  await withUniqueName(() =>
    db.transaction(async (tx) => {
      await lockAccount(tx, userId);
      const quotas = await quotasOf(tx, userId, site);
      assertWithinQuota('teams', quotas.teams, await countOwnedTeams(tx, userId));
      const last = await repo.lastPosition(tx, parent?.id ?? null, userId);
      await repo.insertTeam(tx, {
        id,
        parentId: parent?.id ?? null,
        path: [...(parent?.path ?? []), id],
        name: input.name,
        ownerId: userId,
        position: positionBetween(last, null),
      });
      await repo.insertMember(tx, { teamId: id, userId, role: 'owner' });
    }),
  );
  return getTeam(db, userId, id);
}

export async function renameTeam(db: Database, userId: number, teamId: string, name: string) {
  await managedTeam(db, userId, teamId);
  await withUniqueName(() => repo.renameTeam(db, teamId, name));
  return getTeam(db, userId, teamId);
}

/** Moves a team under another team of its own tree that the user manages too. */
export async function moveTeam(db: Database, userId: number, teamId: string, parentId: string) {
  const team = await managedTeam(db, userId, teamId);
  const parent = await managedTeam(db, userId, parentId);
  if (team.parentId === null || parent.path[0] !== team.path[0]) {
    throw new AppError(ErrorCode.cannotMoveAcrossTeams);
  }
  if (parent.path.includes(team.id)) throw new AppError(ErrorCode.cannotMoveParentUnderChild);
  await withUniqueName(() =>
    db.transaction(async (tx) => {
      // one move at a time in a tree: two crossing moves cannot make a cycle
      await repo.lockTeam(tx, team.path[0]!);
      const fresh = await repo.findTeam(tx, parentId);
      if (!fresh) throw notFound();
      if (fresh.path.includes(team.id)) throw new AppError(ErrorCode.cannotMoveParentUnderChild);
      const last = await repo.lastPosition(tx, fresh.id, team.ownerId);
      const current = await repo.findTeam(tx, team.id);
      if (!current) throw notFound();
      await repo.moveTeam(tx, current, fresh, positionBetween(last, null));
    }),
  );
  return getTeam(db, userId, teamId);
}

/**
 * Puts a team with its sub-teams (and, hidden with them, their memberships) in the owner's
 * recycle bin (team.recycle.ts).
 */
export async function deleteTeam(db: Database, userId: number, teamId: string) {
  const team = await managedTeam(db, userId, teamId);
  await db.transaction(async (tx) => {
    // one change of a tree's shape at a time: a move cannot carry a team out of the subtree
    await repo.lockTeam(tx, team.path[0]!);
    const fresh = await repo.findTeam(tx, teamId);
    if (!fresh) throw notFound();
    await recycleTeam(tx, userId, fresh);
  });
}

/** Adds a friend of the manager to the team, within the root owner's member quotas. */
export async function addMember(
  db: Database,
  userId: number,
  teamId: string,
  input: { userId: number; role: 'admin' | 'member' },
  site: Quotas,
) {
  await managedTeam(db, userId, teamId);
  const isFriend = (await findFriend(db, userId, input.userId)) !== undefined;
  if (!mayAddMember(userId, input.userId, isFriend)) throw new AppError(ErrorCode.userMissing);
  await admitting(() =>
    db.transaction((tx) =>
      admitMember(tx, { teamId, memberId: input.userId, role: input.role, actorId: userId }, site),
    ),
  );
  return getTeam(db, userId, teamId);
}

/** Runs a transaction that admits a member: a unique violation means they got in meanwhile. */
export async function admitting<Result>(write: () => Promise<Result>) {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.alreadyInTeam);
    throw error;
  }
}

/**
 * The one way into a team, inside the caller's transaction (direct add, an accepted join request
 * or invitation): one at a time per tree (the root team's row is held), 500003 when in already,
 * within the root owner's quotas — the actor's own codes (700109, 700110) when the actor owns the
 * root team, the other party's (700111, 700112) otherwise. Requests and invitations of that
 * person to that team still waiting are settled as accepted.
 */
export async function admitMember(
  tx: Executor,
  input: { teamId: string; memberId: number; role: 'admin' | 'member'; actorId: number },
  site: Quotas,
) {
  const seen = await repo.findTeam(tx, input.teamId);
  if (!seen) throw notFound();
  await repo.lockTeam(tx, seen.path[0]!);
  // read again under the lock: a delete or move of the tree waits for the same row
  const team = await repo.findTeam(tx, input.teamId);
  const root = team && (await repo.findTeam(tx, team.path[0]!));
  if (!team || !root) throw notFound();
  if (await repo.findMember(tx, team.id, input.memberId)) {
    throw new AppError(ErrorCode.alreadyInTeam);
  }
  const quotas = await quotasOf(tx, root.ownerId, site);
  const codes = root.ownerId === input.actorId ? quotaCodes : peerQuotaCodes;
  if ((await repo.countMembers(tx, team.id)) + 1 > quotas.teamMembersPerTeam) {
    throw new AppError(codes.teamMembersPerTeam);
  }
  if ((await repo.countTreeMembers(tx, root.id)) + 1 > quotas.teamMembersTotal) {
    throw new AppError(codes.teamMembersTotal);
  }
  await repo.insertMember(tx, { teamId: team.id, userId: input.memberId, role: input.role });
  await settlePendingOf(tx, team.id, input.memberId);
}

export async function setMemberRole(
  db: Database,
  userId: number,
  teamId: string,
  memberId: number,
  role: 'admin' | 'member',
) {
  const team = await managedTeam(db, userId, teamId);
  if (isTeamCreator(team, memberId)) throw new AppError(ErrorCode.cannotEditCreatorRole);
  if (!(await repo.findMember(db, teamId, memberId))) throw notFound();
  await repo.setMemberRole(db, teamId, memberId, role);
  return getTeam(db, userId, teamId);
}

/** Removes a member (a manager), or leaves (oneself); never the team's creator. */
export async function removeMember(db: Database, userId: number, teamId: string, memberId: number) {
  const { team, canManage } = await visibleTeam(db, userId, teamId);
  if (!mayRemoveMember({ userId, manages: canManage }, memberId)) {
    throw new AppError(ErrorCode.permissionDenied);
  }
  if (isTeamCreator(team, memberId)) throw new AppError(ErrorCode.cannotDeleteCreator);
  if (!(await repo.deleteMember(db, teamId, memberId))) throw notFound();
}
