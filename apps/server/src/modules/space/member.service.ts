// A space's member groups: each holds users (teams later) and gives them one role. The owner
// group cannot be renamed to another role or deleted, only owners change it, and the last owner
// cannot leave.
import {
  defaultQuotas,
  ErrorCode,
  type MemberGroup,
  type Quotas,
  type SpaceRole,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { positionBetween } from '../../lib/position.js';
import {
  assertWithinQuota,
  featuresOf,
  quotasOf,
  refusalOf,
  requireSpaceFeature,
} from '../account/account.policy.js';
import { avatarPath } from '../user/user.presenter.js';
import { findByAccount } from '../user/user.service.js';
import { accessSpace } from './space-access.js';
import * as repo from './member.repo.js';
import { addUserMember, insertMemberGroup, lockSpaceRow } from './space.repo.js';

/** The member group with its space, if the caller may manage it (owner groups: owners only). */
async function manageableGroup(db: Database, userId: number, memberGroupId: string) {
  const group = await repo.findMemberGroup(db, memberGroupId);
  if (!group) throw new AppError(ErrorCode.dataMissing);
  const { role } = await accessSpace(db, userId, group.spaceId, 'manage');
  if (group.role === 'owner' && role !== 'owner') throw new AppError(ErrorCode.dataMissing);
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
  const userIds = members.filter((m) => m.memberType === 'user').map((m) => Number(m.memberId));
  const people = new Map((await repo.usersByIds(db, userIds)).map((u) => [u.id, u]));
  return groups.map((group) => ({
    memberGroupId: group.id,
    name: group.name,
    role: group.role,
    members: members
      .filter((member) => member.memberGroupId === group.id)
      .map((member) => {
        const person =
          member.memberType === 'user' ? people.get(Number(member.memberId)) : undefined;
        return {
          memberType: member.memberType,
          memberId: member.memberId,
          name: person?.nickname ?? member.memberId,
          avatar: person ? avatarPath(person) : null,
        };
      }),
  }));
}

export async function createMemberGroup(
  db: Database,
  userId: number,
  spaceId: string,
  input: { name: string; role: Exclude<SpaceRole, 'owner'> },
  site: Quotas = defaultQuotas,
) {
  const { space } = await accessSpace(db, userId, spaceId, 'manage');
  await requireSpaceFeature(db, userId, space, 'createSpaceGroup', 'joinSpaceGroup');
  return db.transaction(async (tx) => {
    // one at a time per space: two creations at once cannot both pass the owner's quota
    await lockSpaceRow(tx, spaceId);
    const groups = await repo.memberGroupsOf(tx, spaceId);
    const quotas = await quotasOf(tx, space.ownerId, site);
    assertWithinQuota('groupsPerSpace', quotas.groupsPerSpace, groups.length);
    return insertMemberGroup(tx, {
      spaceId,
      name: input.name,
      role: input.role,
      position: positionBetween(groups.at(-1)?.position ?? null, null),
    });
  });
}

export async function updateMemberGroup(
  db: Database,
  userId: number,
  memberGroupId: string,
  input: { name?: string; role?: Exclude<SpaceRole, 'owner'> },
) {
  const group = await manageableGroup(db, userId, memberGroupId);
  if (group.role === 'owner' && input.role) {
    throw new AppError(ErrorCode.operationNotAllowed, { detail: 'the owner group keeps its role' });
  }
  await repo.updateMemberGroup(db, memberGroupId, input);
}

export async function deleteMemberGroup(db: Database, userId: number, memberGroupId: string) {
  const group = await manageableGroup(db, userId, memberGroupId);
  if (group.role === 'owner') {
    throw new AppError(ErrorCode.operationNotAllowed, {
      detail: 'the owner group cannot be deleted',
    });
  }
  await repo.deleteMemberGroup(db, memberGroupId);
}

export async function addMemberByAccount(
  db: Database,
  userId: number,
  memberGroupId: string,
  account: string,
) {
  const group = await manageableGroup(db, userId, memberGroupId);
  const person = await findByAccount(db, account);
  if (!person || person.status !== 'active') throw new AppError(ErrorCode.userMissing);
  // someone whose 'participate in spaces' switch is off cannot be given a space (spec §6)
  if (refusalOf(await featuresOf(db, person.id), 'joinSpace')) {
    throw new AppError(ErrorCode.noJoinSpace);
  }
  await addUserMember(db, group.id, person.id);
}

export async function removeMember(
  db: Database,
  userId: number,
  memberGroupId: string,
  member: { memberType: 'user' | 'team'; memberId: string },
) {
  const group = await manageableGroup(db, userId, memberGroupId);
  await db.transaction(async (tx) => {
    if (!(await repo.deleteMember(tx, group.id, member))) {
      throw new AppError(ErrorCode.dataMissing);
    }
    if (group.role === 'owner' && !(await repo.hasMembers(tx, group.id))) {
      throw new AppError(ErrorCode.operationNotAllowed, {
        detail: 'a space keeps at least one owner',
      });
    }
  });
}
