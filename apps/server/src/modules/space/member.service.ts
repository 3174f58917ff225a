// A space's member groups: each holds users (teams later) and gives them one role. The owner
// group cannot be renamed to another role or deleted, only owners change it, and the last owner
// cannot leave.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ErrorCode, type MemberGroup, type SpaceRole } from '@library/contract';
import type { Database } from '../../db/database.js';
import { spaceMemberGroups, spaceMembers, users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { byPosition, positionBetween } from '../../lib/position.js';
import { avatarPath } from '../user/user.presenter.js';
import { findByAccount } from '../user/user.service.js';
import { accessSpace } from './space-access.js';
import { addUserMember } from './space.repo.js';

async function memberGroupsOf(db: Database, spaceId: string) {
  return db
    .select()
    .from(spaceMemberGroups)
    .where(eq(spaceMemberGroups.spaceId, spaceId))
    .orderBy(byPosition(spaceMemberGroups.position), asc(spaceMemberGroups.createdAt));
}

/** The member group with its space, if the caller may manage it (owner groups: owners only). */
async function manageableGroup(db: Database, userId: number, memberGroupId: string) {
  const [group] = await db
    .select()
    .from(spaceMemberGroups)
    .where(eq(spaceMemberGroups.id, memberGroupId))
    .limit(1);
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
  const groups = await memberGroupsOf(db, spaceId);
  const members = groups.length
    ? await db
        .select({
          memberGroupId: spaceMembers.memberGroupId,
          memberType: spaceMembers.memberType,
          memberId: spaceMembers.memberId,
        })
        .from(spaceMembers)
        .where(
          inArray(
            spaceMembers.memberGroupId,
            groups.map((group) => group.id),
          ),
        )
        .orderBy(asc(spaceMembers.addedAt))
    : [];
  const userIds = members.filter((m) => m.memberType === 'user').map((m) => Number(m.memberId));
  const people = new Map(
    (userIds.length ? await db.select().from(users).where(inArray(users.id, userIds)) : []).map(
      (u) => [u.id, u],
    ),
  );
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
) {
  await accessSpace(db, userId, spaceId, 'manage');
  const groups = await memberGroupsOf(db, spaceId);
  const [group] = await db
    .insert(spaceMemberGroups)
    .values({
      spaceId,
      name: input.name,
      role: input.role,
      position: positionBetween(groups.at(-1)?.position ?? null, null),
    })
    .returning();
  return group!;
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
  await db.update(spaceMemberGroups).set(input).where(eq(spaceMemberGroups.id, memberGroupId));
}

export async function deleteMemberGroup(db: Database, userId: number, memberGroupId: string) {
  const group = await manageableGroup(db, userId, memberGroupId);
  if (group.role === 'owner') {
    throw new AppError(ErrorCode.operationNotAllowed, {
      detail: 'the owner group cannot be deleted',
    });
  }
  await db.delete(spaceMemberGroups).where(eq(spaceMemberGroups.id, memberGroupId));
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
    const removed = await tx
      .delete(spaceMembers)
      .where(
        and(
          eq(spaceMembers.memberGroupId, group.id),
          eq(spaceMembers.memberType, member.memberType),
          eq(spaceMembers.memberId, member.memberId),
        ),
      )
      .returning();
    if (removed.length === 0) throw new AppError(ErrorCode.dataMissing);
    if (group.role === 'owner') {
      const left = await tx
        .select()
        .from(spaceMembers)
        .where(eq(spaceMembers.memberGroupId, group.id))
        .limit(1);
      if (left.length === 0) {
        throw new AppError(ErrorCode.operationNotAllowed, {
          detail: 'a space keeps at least one owner',
        });
      }
    }
  });
}
