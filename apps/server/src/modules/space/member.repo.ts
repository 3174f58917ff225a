// Drizzle queries of a space's member groups and their members.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { spaceMemberGroups, spaceMembers, users } from '../../db/schema/index.js';
import { byPosition } from '../../lib/position.js';

export type MemberGroupRow = typeof spaceMemberGroups.$inferSelect;

/** The space's member groups in their order. */
export function memberGroupsOf(db: Executor, spaceId: string) {
  return db
    .select()
    .from(spaceMemberGroups)
    .where(eq(spaceMemberGroups.spaceId, spaceId))
    .orderBy(byPosition(spaceMemberGroups.position), asc(spaceMemberGroups.createdAt));
}

export async function findMemberGroup(db: Executor, memberGroupId: string) {
  const [row] = await db
    .select()
    .from(spaceMemberGroups)
    .where(eq(spaceMemberGroups.id, memberGroupId))
    .limit(1);
  return row;
}

/** The members of the groups, the earliest added first. */
export function membersOf(db: Executor, memberGroupIds: string[]) {
  if (memberGroupIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      memberGroupId: spaceMembers.memberGroupId,
      memberType: spaceMembers.memberType,
      memberId: spaceMembers.memberId,
    })
    .from(spaceMembers)
    .where(inArray(spaceMembers.memberGroupId, memberGroupIds))
    .orderBy(asc(spaceMembers.addedAt));
}

export function usersByIds(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.select().from(users).where(inArray(users.id, userIds));
}

export async function updateMemberGroup(
  db: Executor,
  memberGroupId: string,
  changes: { name?: string; role?: MemberGroupRow['role'] },
) {
  await db.update(spaceMemberGroups).set(changes).where(eq(spaceMemberGroups.id, memberGroupId));
}

export async function deleteMemberGroup(db: Executor, memberGroupId: string) {
  await db.delete(spaceMemberGroups).where(eq(spaceMemberGroups.id, memberGroupId));
}

/** Removes one member from a group; false when it was not there. */
export async function deleteMember(
  db: Executor,
  memberGroupId: string,
  member: { memberType: 'user' | 'team'; memberId: string },
) {
  const removed = await db
    .delete(spaceMembers)
    .where(
      and(
        eq(spaceMembers.memberGroupId, memberGroupId),
        eq(spaceMembers.memberType, member.memberType),
        eq(spaceMembers.memberId, member.memberId),
      ),
    )
    .returning({ memberId: spaceMembers.memberId });
  return removed.length > 0;
}

export async function hasMembers(db: Executor, memberGroupId: string) {
  const rows = await db
    .select({ memberId: spaceMembers.memberId })
    .from(spaceMembers)
    .where(eq(spaceMembers.memberGroupId, memberGroupId))
    .limit(1);
  return rows.length > 0;
}
