// Drizzle queries of a space's member groups and their members (users and teams).
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { spaceMemberGroups, spaceMembers, spaces, teams, users } from '../../db/schema/index.js';
import { byPosition } from '../../lib/position.js';
import { memberKeysSql } from './space.repo.js';

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

/**
 * Teams by id with their people (sub-teams' included, each person once); deleted ones left out.
 * The team's id is named with its table: drizzle leaves columns unqualified in a one-table select.
 */
export function teamsByIds(db: Executor, teamIds: string[]) {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: teams.id,
      name: teams.name,
      memberCount: sql<number>`(select count(distinct tm.user_id)::int
        from team_members tm join teams t on t.id = tm.team_id
        where "teams"."id" = any(t.path) and t.deleted_at is null)`,
    })
    .from(teams)
    .where(and(inArray(teams.id, teamIds), isNull(teams.deletedAt)));
}

/** Whether the group holds the user through a team (not counting a membership of their own). */
export async function holdsThroughTeam(db: Executor, memberGroupId: string, userId: number) {
  const rows = await db
    .select({ memberId: spaceMembers.memberId })
    .from(spaceMembers)
    .where(
      and(
        eq(spaceMembers.memberGroupId, memberGroupId),
        eq(spaceMembers.memberType, 'team'),
        sql`(${spaceMembers.memberType}, ${spaceMembers.memberId}) in (${memberKeysSql(
          sql`${userId}`,
        )})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function addTeamMember(db: Executor, memberGroupId: string, teamId: string) {
  await db
    .insert(spaceMembers)
    .values({ memberGroupId, memberType: 'team', memberId: teamId })
    .onConflictDoNothing();
}

/**
 * The live spaces whose member groups hold one of `teamIds` (a team and the teams above it), with
 * the group and the team that holds it — deepest team first per group.
 */
export function spacesOfTeams(db: Executor, teamIds: string[]) {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      space: { id: spaces.id, name: spaces.name, icon: spaces.icon },
      group: {
        id: spaceMemberGroups.id,
        name: spaceMemberGroups.name,
        role: spaceMemberGroups.role,
      },
      team: { id: teams.id, name: teams.name },
    })
    .from(spaceMembers)
    .innerJoin(spaceMemberGroups, eq(spaceMemberGroups.id, spaceMembers.memberGroupId))
    .innerJoin(spaces, and(eq(spaces.id, spaceMemberGroups.spaceId), isNull(spaces.deletedAt)))
    .innerJoin(teams, sql`${teams.id}::text = ${spaceMembers.memberId}`)
    .where(
      and(
        eq(spaceMembers.memberType, 'team'),
        inArray(
          spaceMembers.memberId,
          teamIds.map((id) => id.toLowerCase()),
        ),
      ),
    )
    .orderBy(asc(spaces.name), asc(spaces.id), desc(sql`array_length(${teams.path}, 1)`));
}

/**
 * The ids of the space's people: its user members, and everyone in a live team a member group
 * holds or in a team under one.
 */
const spacePeopleSql = (spaceId: string) => sql`
  select m.member_id::bigint from space_members m
    join space_member_groups g on g.id = m.member_group_id
   where g.space_id = ${spaceId} and m.member_type = 'user'
  union
  select tm.user_id from space_members m
    join space_member_groups g on g.id = m.member_group_id
    join teams t on t.path @> array[m.member_id::uuid] and t.deleted_at is null
    join team_members tm on tm.team_id = t.id
   where g.space_id = ${spaceId} and m.member_type = 'team'`;

/** Those of `userIds` who are people of the space (the names a comment's mentions show). */
export async function peopleAmong(db: Executor, spaceId: string, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, nickname: users.nickname, avatarKey: users.avatarKey })
    .from(users)
    .where(and(inArray(users.id, userIds), sql`${users.id} in (${spacePeopleSql(spaceId)})`));
}

/**
 * Active people of the space (members directly or through a team or a team under it) whose
 * nickname holds `keywords`: the caller's friends first, then people sharing a team with the
 * caller, then by nickname; at most `limit`.
 */
export async function peopleOfSpace(
  db: Executor,
  spaceId: string,
  callerId: number,
  { keywords, userIds }: { keywords: string; userIds?: number[] },
  limit: number,
) {
  const pattern = `%${keywords.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const friend = sql<boolean>`exists (select 1 from friendships f
    where f.user_id = ${callerId} and f.friend_id = ${users.id})`;
  const teammate = sql<boolean>`exists (select 1 from team_members mine
    join team_members theirs on theirs.team_id = mine.team_id
    where mine.user_id = ${callerId} and theirs.user_id = ${users.id})`;
  return db
    .select({ id: users.id, nickname: users.nickname, avatarKey: users.avatarKey, friend })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        sql`${users.id} in (${spacePeopleSql(spaceId)})`,
        keywords ? sql`${users.nickname} ilike ${pattern}` : undefined,
        // named by id (a page's mentions) the caller is one of them; searched, nobody mentions
        // themselves
        userIds ? inArray(users.id, userIds) : ne(users.id, callerId),
      ),
    )
    .orderBy(desc(friend), desc(teammate), asc(users.nickname), asc(users.id))
    .limit(limit);
}
