// A space's member groups: each holds users and teams and gives them one role — a team's role
// reaches everyone in it and in its sub-teams, for as long as they are there. The owner group
// holds people only, cannot be renamed to another role or deleted, only owners change it, and
// the last owner cannot leave. Someone in a group only through a team cannot leave it on their
// own (800010): they leave the team.
import {
  type AddMemberRequest,
  type SpacePeople,
  defaultQuotas,
  ErrorCode,
  type MemberGroup,
  type SharedSpace,
  type TeamSpace,
  type Quotas,
  type SpaceRole,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { positionBetween } from '../../lib/position.js';
import {
  assertWithinQuota,
  featuresOf,
  quotasOf,
  refusalOf,
  requireSpaceFeature,
} from '../account/index.js';
import { findFriend } from '../addrbook/index.js';
import { findTeam, inTree, managesTeam, rolesIn as teamRolesIn } from '../addrbook/index.js';
import { recordAudit } from '../audit/index.js';
import { findByAccount } from '../user/index.js';
import { accessSpace } from './space-access.js';
import { rolesInSpaces } from './space-roles.js';
import { mayManageGroup } from './space.policy.js';
import {
  presentMemberGroups,
  presentSharedSpace,
  presentSpacePerson,
  presentTeamSpace,
} from './member.presenter.js';
import * as repo from './member.repo.js';
import { addUserMember, insertMemberGroup, liveSpaces, lockSpaceRow } from './space.repo.js';

/** A member group as the audit log keeps it. */
const groupView = (group: repo.MemberGroupRow) => ({
  memberGroupId: group.id,
  name: group.name,
  role: group.role,
});

/** A change of a space's membership, in its transaction, with the caller's address. */
function memberAudit(
  tx: Executor,
  userId: number,
  address: string | null,
  action: `space.memberGroup.${string}` | `space.member.${string}`,
  group: repo.MemberGroupRow,
  change: { before?: unknown; after?: unknown },
) {
  return recordAudit(tx, {
    actorId: userId,
    action,
    targetType: 'memberGroup',
    targetId: group.id,
    spaceId: group.spaceId,
    ...change,
    address,
  });
}

/** The member group with its space, if the caller may manage it (owner groups: owners only). */
async function manageableGroup(db: Database, userId: number, memberGroupId: string) {
  const group = await repo.findMemberGroup(db, memberGroupId);
  if (!group) throw new AppError(ErrorCode.dataMissing);
  const { role } = await accessSpace(db, userId, group.spaceId, 'manage');
  if (!mayManageGroup(role, group)) throw new AppError(ErrorCode.dataMissing);
  return group;
}

export async function listMemberGroups(
  db: Database,
  userId: number,
  spaceId: string,
): Promise<MemberGroup[]> {
  await accessSpace(db, userId, spaceId, 'participate');
  const groups = await repo.memberGroupsOf(db, spaceId);
  const members = await repo.membersOf(
    db,
    groups.map((group) => group.id),
  );
  const idsOf = (type: 'user' | 'team') =>
    members.filter((m) => m.memberType === type).map((m) => m.memberId);
  const [people, teams] = await Promise.all([
    repo.usersByIds(db, idsOf('user').map(Number)),
    repo.teamsByIds(db, idsOf('team')),
  ]);
  return presentMemberGroups(groups, members, people, teams);
}

export async function createMemberGroup(
  db: Database,
  userId: number,
  spaceId: string,
  input: { name: string; role: Exclude<SpaceRole, 'owner'> },
  site: Quotas = defaultQuotas,
  address: string | null = null,
) {
  const { space } = await accessSpace(db, userId, spaceId, 'manage');
  await requireSpaceFeature(db, userId, space, 'createSpaceGroup', 'joinSpaceGroup');
  return db.transaction(async (tx) => {
    // one at a time per space: two creations at once cannot both pass the owner's quota
    await lockSpaceRow(tx, spaceId);
    const groups = await repo.memberGroupsOf(tx, spaceId);
    const quotas = await quotasOf(tx, space.ownerId, site);
    assertWithinQuota('groupsPerSpace', quotas.groupsPerSpace, groups.length);
    const group = await insertMemberGroup(tx, {
      spaceId,
      name: input.name,
      role: input.role,
      position: positionBetween(groups.at(-1)?.position ?? null, null),
    });
    await memberAudit(tx, userId, address, 'space.memberGroup.create', group, {
      after: groupView(group),
    });
    return group;
  });
}

export async function updateMemberGroup(
  db: Database,
  userId: number,
  memberGroupId: string,
  input: { name?: string; role?: Exclude<SpaceRole, 'owner'> },
  address: string | null = null,
) {
  const group = await manageableGroup(db, userId, memberGroupId);
  if (group.role === 'owner' && input.role) {
    throw new AppError(ErrorCode.operationNotAllowed, { detail: 'the owner group keeps its role' });
  }
  await db.transaction(async (tx) => {
    await repo.updateMemberGroup(tx, memberGroupId, input);
    // a new role changes what every member of the group may do
    const action = input.role && input.role !== group.role ? 'role' : 'update';
    await memberAudit(tx, userId, address, `space.memberGroup.${action}`, group, {
      before: groupView(group),
      after: { ...groupView(group), ...input },
    });
  });
}

export async function deleteMemberGroup(
  db: Database,
  userId: number,
  memberGroupId: string,
  address: string | null = null,
) {
  const group = await manageableGroup(db, userId, memberGroupId);
  if (group.role === 'owner') {
    throw new AppError(ErrorCode.operationNotAllowed, {
      detail: 'the owner group cannot be deleted',
    });
  }
  await db.transaction(async (tx) => {
    await repo.deleteMemberGroup(tx, memberGroupId);
    await memberAudit(tx, userId, address, 'space.memberGroup.delete', group, {
      before: groupView(group),
    });
  });
}

/** Adds a person (by account) or a team the caller is in to the group. */
export async function addMember(
  db: Database,
  userId: number,
  memberGroupId: string,
  input: AddMemberRequest,
  address: string | null = null,
) {
  const group = await manageableGroup(db, userId, memberGroupId);
  const added = (tx: Executor, memberType: 'user' | 'team', memberId: string | number) =>
    memberAudit(tx, userId, address, 'space.member.add', group, {
      after: { ...groupView(group), memberType, memberId: String(memberId) },
    });
  if (input.memberType === 'team') {
    // owners are people: a space's owners are never gained or lost by joining a team
    if (group.role === 'owner') {
      throw new AppError(ErrorCode.operationNotAllowed, { detail: 'owners are added one by one' });
    }
    const team = await findTeam(db, input.teamId);
    if (!team || !(await inTree(db, userId, team.path[0]!)))
      throw new AppError(ErrorCode.dataMissing);
    await db.transaction(async (tx) => {
      await repo.addTeamMember(tx, group.id, team.id);
      await added(tx, 'team', team.id);
    });
    return;
  }
  const person = await findByAccount(db, input.account);
  if (!person || person.status !== 'active') throw new AppError(ErrorCode.userMissing);
  // someone whose 'participate in spaces' switch is off cannot be given a space (spec §6)
  if (refusalOf(await featuresOf(db, person.id), 'joinSpace')) {
    throw new AppError(ErrorCode.noJoinSpace);
  }
  await db.transaction(async (tx) => {
    await addUserMember(tx, group.id, person.id);
    await added(tx, 'user', person.id);
  });
}

/** The caller leaves a group they are in by themselves (not one they are in through a team). */
async function leaveGroup(
  db: Database,
  userId: number,
  memberGroupId: string,
  address: string | null,
) {
  const group = await repo.findMemberGroup(db, memberGroupId);
  if (!group) throw new AppError(ErrorCode.dataMissing);
  await accessSpace(db, userId, group.spaceId, 'participate');
  await db.transaction(async (tx) => {
    const member = { memberType: 'user' as const, memberId: String(userId) };
    if (!(await repo.deleteMember(tx, group.id, member))) {
      if (await repo.holdsThroughTeam(tx, group.id, userId)) {
        throw new AppError(ErrorCode.teamMemberCannotLeaveGroup);
      }
      throw new AppError(ErrorCode.dataMissing);
    }
    await assertOwnerRemains(tx, group);
    await memberAudit(tx, userId, address, 'space.member.leave', group, {
      before: { ...groupView(group), ...member },
    });
  });
}

async function assertOwnerRemains(db: Executor, group: repo.MemberGroupRow) {
  if (group.role === 'owner' && !(await repo.hasMembers(db, group.id))) {
    throw new AppError(ErrorCode.operationNotAllowed, {
      detail: 'a space keeps at least one owner',
    });
  }
}

/** Removes a member (managers), or leaves the group (the caller naming themselves). */
export async function removeMember(
  db: Database,
  userId: number,
  memberGroupId: string,
  member: { memberType: 'user' | 'team'; memberId: string },
  address: string | null = null,
) {
  if (member.memberType === 'user' && member.memberId === String(userId)) {
    return leaveGroup(db, userId, memberGroupId, address);
  }
  const group = await manageableGroup(db, userId, memberGroupId);
  await db.transaction(async (tx) => {
    if (!(await repo.deleteMember(tx, group.id, member))) {
      throw new AppError(ErrorCode.dataMissing);
    }
    await assertOwnerRemains(tx, group);
    await memberAudit(tx, userId, address, 'space.member.remove', group, {
      before: { ...groupView(group), ...member },
    });
  });
}

/**
 * The spaces a team's people reach through it or a team above it. Someone in the team's tree
 * sees those they may read themselves; the team's managers see them all.
 */
export async function listTeamSpaces(
  db: Database,
  userId: number,
  teamId: string,
): Promise<TeamSpace[]> {
  const team = await findTeam(db, teamId);
  if (!team || !(await inTree(db, userId, team.path[0]!)))
    throw new AppError(ErrorCode.dataMissing);
  const manages = managesTeam((await teamRolesIn(db, userId, team.path)).values());
  const rows = await repo.spacesOfTeams(db, team.path);
  const readable = manages
    ? null
    : await rolesInSpaces(db, userId, [...new Set(rows.map((r) => r.space.id))]);
  const seen = new Set<string>();
  const list: TeamSpace[] = [];
  for (const row of rows) {
    if (seen.has(row.group.id) || (readable && !readable.has(row.space.id))) continue;
    seen.add(row.group.id);
    list.push(presentTeamSpace(row));
  }
  return list;
}

/** The spaces a friend and the caller are both members of (a stranger's answer 404). */
export async function listSharedSpaces(
  db: Database,
  userId: number,
  friendId: number,
): Promise<SharedSpace[]> {
  if (!(await findFriend(db, userId, friendId))) throw new AppError(ErrorCode.dataMissing);
  const mine = await rolesInSpaces(db, userId);
  const theirs = await rolesInSpaces(db, friendId, [...mine.keys()]);
  const spaces = await liveSpaces(db, [...theirs.keys()]);
  return spaces
    .sort((a, b) => a.name.localeCompare(b.name, 'zh-Hans-CN') || a.id.localeCompare(b.id))
    .map((space) => presentSharedSpace(space, mine.get(space.id)!, theirs.get(space.id)!));
}

/** how many people a mention picker is offered at once */
const peopleMax = 20;

/** People of the space to mention, for anyone who takes part in it (members, not visitors). */
export async function spacePeople(
  db: Database,
  userId: number,
  spaceId: string,
  query: { keywords: string; userIds?: number[] },
): Promise<SpacePeople> {
  await accessSpace(db, userId, spaceId, 'participate');
  const rows = await repo.peopleOfSpace(db, spaceId, userId, query, peopleMax);
  return { list: rows.map(presentSpacePerson) };
}
