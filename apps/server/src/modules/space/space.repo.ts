import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SpaceRole } from '@library/contract';
import { preparedQuery, queryRows, type Executor } from '../../db/database.js';
import {
  recycleItems,
  spaceGroups,
  spaceMemberGroups,
  spaceMembers,
  spaceNodes,
  spacePlacements,
  spaces,
  spaceShareSettings,
} from '../../db/schema/index.js';
import { byPosition } from '../../lib/position.js';

export async function insertSpace(db: Executor, values: typeof spaces.$inferInsert) {
  const [row] = await db.insert(spaces).values(values).returning();
  if (!row) throw new Error('space insert returned no row');
  return row;
}

export async function updateSpace(
  db: Executor,
  spaceId: string,
  changes: Partial<typeof spaces.$inferInsert>,
) {
  const [row] = await db
    .update(spaces)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(spaces.id, spaceId))
    .returning();
  return row;
}

export async function insertMemberGroup(
  db: Executor,
  values: typeof spaceMemberGroups.$inferInsert,
) {
  const [row] = await db.insert(spaceMemberGroups).values(values).returning();
  if (!row) throw new Error('member group insert returned no row');
  return row;
}

export async function addUserMember(db: Executor, memberGroupId: string, userId: number) {
  await db
    .insert(spaceMembers)
    .values({ memberGroupId, memberType: 'user', memberId: String(userId) })
    .onConflictDoNothing();
}

export async function groupsOfUser(db: Executor, userId: number) {
  return db
    .select()
    .from(spaceGroups)
    .where(eq(spaceGroups.userId, userId))
    .orderBy(byPosition(spaceGroups.position), asc(spaceGroups.createdAt));
}

export async function insertGroup(db: Executor, values: typeof spaceGroups.$inferInsert) {
  const [row] = await db.insert(spaceGroups).values(values).returning();
  if (!row) throw new Error('space group insert returned no row');
  return row;
}

export async function updateGroup(
  db: Executor,
  groupId: string,
  changes: { name?: string; position?: string },
) {
  await db.update(spaceGroups).set(changes).where(eq(spaceGroups.id, groupId));
}

export async function deleteGroup(db: Executor, groupId: string) {
  await db.delete(spaceGroups).where(eq(spaceGroups.id, groupId));
}

export function placementsInGroup(db: Executor, userId: number, groupId: string) {
  return db
    .select()
    .from(spacePlacements)
    .where(and(eq(spacePlacements.userId, userId), eq(spacePlacements.groupId, groupId)));
}

/** The recycle-bin entry of a deleted space. */
export async function insertRecycleItem(db: Executor, values: typeof recycleItems.$inferInsert) {
  await db.insert(recycleItems).values(values);
}

export async function placementsOfUser(db: Executor, userId: number) {
  return db
    .select()
    .from(spacePlacements)
    .where(eq(spacePlacements.userId, userId))
    .orderBy(byPosition(spacePlacements.position));
}

export async function lastPlacementPosition(db: Executor, groupId: string) {
  const [row] = await db
    .select({ position: spacePlacements.position })
    .from(spacePlacements)
    .where(eq(spacePlacements.groupId, groupId))
    .orderBy(desc(byPosition(spacePlacements.position)))
    .limit(1);
  return row?.position ?? null;
}

export async function upsertPlacement(db: Executor, values: typeof spacePlacements.$inferInsert) {
  await db
    .insert(spacePlacements)
    .values(values)
    .onConflictDoUpdate({
      target: [spacePlacements.userId, spacePlacements.spaceId],
      set: { groupId: values.groupId, position: values.position },
    });
}

export async function liveSpaces(db: Executor, spaceIds: string[]) {
  if (spaceIds.length === 0) return [];
  return db
    .select()
    .from(spaces)
    .where(and(inArray(spaces.id, spaceIds), isNull(spaces.deletedAt)));
}

/** Live spaces open to visitors, the latest changed first, one page of them and their count. */
export async function openSpaces(db: Executor, page: number, pageSize: number) {
  const open = and(eq(spaces.openToVisitors, true), isNull(spaces.deletedAt));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(spaces)
      .where(open)
      .orderBy(desc(spaces.updatedAt), asc(spaces.id))
      .limit(pageSize)
      .offset(page * pageSize),
    db.select({ total: count() }).from(spaces).where(open),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Live spaces the caller reads: open to visitors or among `memberSpaceIds`, the latest changed
 * first, one page of them and their count; only among `within` when given (an access key's
 * spaces).
 */
export async function readableSpaces(
  db: Executor,
  memberSpaceIds: string[],
  page: number,
  pageSize: number,
  within?: readonly string[],
) {
  const readable = and(
    isNull(spaces.deletedAt),
    memberSpaceIds.length === 0
      ? eq(spaces.openToVisitors, true)
      : or(eq(spaces.openToVisitors, true), inArray(spaces.id, memberSpaceIds)),
    within === undefined
      ? undefined
      : within.length === 0
        ? sql`false`
        : inArray(spaces.id, [...within]),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(spaces)
      .where(readable)
      .orderBy(desc(spaces.updatedAt), asc(spaces.id))
      .limit(pageSize)
      .offset(page * pageSize),
    db.select({ total: count() }).from(spaces).where(readable),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Holds the space's row until the transaction ends, so its quotas are checked one at a time. */
export async function lockSpaceRow(db: Executor, spaceId: string) {
  await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(eq(spaces.id, spaceId))
    .for('no key update');
}

/** The space's icon, holding the row until the transaction ends (one replacement at a time). */
export async function lockSpaceIcon(db: Executor, spaceId: string) {
  const [row] = await db
    .select({ icon: spaces.icon })
    .from(spaces)
    .where(eq(spaces.id, spaceId))
    .for('update');
  return row?.icon ?? null;
}

/**
 * The member keys a user holds, as (member_type, member_id) rows to compare space_members with:
 * the user itself, and every team on the path of a live team the user is in — a team's members
 * are members of the teams above it too, so a group holding a team holds its sub-teams' people.
 * `userId` is a numeric user id as SQL; null matches nothing.
 */
export const memberKeysSql = (userId: SQL) => sql`select 'user'::text, ${userId}::text
    union all
    select 'team', p::text from team_members tm join teams t on t.id = tm.team_id
      cross join unnest(t.path) p
    where tm.user_id = ${userId}::bigint and t.deleted_at is null`;

/**
 * The roles the user (the placeholder `userId`, as text; null for an anonymous caller) holds in
 * the selected space through its member groups, directly or through teams, as one JSON array, to
 * select beside the space. The space's id is named with its table: drizzle leaves columns
 * unqualified in a one-table select, where `id` would mean the member group's own.
 */
const rolesInSpaceSql = sql<SpaceRole[]>`coalesce((select json_agg(g.role)
    from space_members m join space_member_groups g on g.id = m.member_group_id
    where g.space_id = "spaces"."id" and (m.member_type, m.member_id) in (${memberKeysSql(
      sql`${sql.placeholder('userId')}`,
    )})), '[]'::json)`;

const liveSpaceQuery = preparedQuery((db) =>
  db
    .select({ space: spaces, roles: rolesInSpaceSql })
    .from(spaces)
    .where(and(eq(spaces.id, sql.placeholder('spaceId')), isNull(spaces.deletedAt)))
    .limit(1)
    .prepare('access_live_space'),
);

const liveNodeQuery = preparedQuery((db) =>
  db
    .select({ node: spaceNodes, space: spaces, roles: rolesInSpaceSql })
    .from(spaceNodes)
    .innerJoin(spaces, and(eq(spaces.id, spaceNodes.spaceId), isNull(spaces.deletedAt)))
    .where(and(eq(spaceNodes.id, sql.placeholder('nodeId')), isNull(spaceNodes.deletedAt)))
    .limit(1)
    .prepare('access_live_node'),
);

/** A live (not deleted) space with the roles the user holds in it: one round trip. */
export async function findLiveSpace(db: Executor, spaceId: string, userId: number | null) {
  const [row] = await liveSpaceQuery(db).execute({
    spaceId,
    userId: userId === null ? null : String(userId),
  });
  return row;
}

/** A live node of a live space, with the space and the roles the user holds in it. */
export async function findLiveNode(db: Executor, nodeId: string, userId: number | null) {
  const [row] = await liveNodeQuery(db).execute({
    nodeId,
    userId: userId === null ? null : String(userId),
  });
  return row;
}

/**
 * The roles of the member groups holding the user, directly or through a team, by space (all
 * spaces when not given).
 */
export function memberRoles(db: Executor, userId: number, spaceIds?: string[]) {
  return db
    .select({ spaceId: spaceMemberGroups.spaceId, role: spaceMemberGroups.role })
    .from(spaceMembers)
    .innerJoin(spaceMemberGroups, eq(spaceMemberGroups.id, spaceMembers.memberGroupId))
    .where(
      and(
        sql`(${spaceMembers.memberType}, ${spaceMembers.memberId}) in (${memberKeysSql(
          sql`${userId}`,
        )})`,
        spaceIds ? inArray(spaceMemberGroups.spaceId, spaceIds) : undefined,
      ),
    );
}

/**
 * The roles each of these users holds in the space (directly, or through a team they are in or
 * under a team a group holds), by user; users without one are left out.
 */
export async function memberRolesOfUsers(db: Executor, spaceId: string, userIds: number[]) {
  const roles = new Map<number, SpaceRole[]>();
  if (userIds.length === 0) return roles;
  // one parameter however many they are
  const list = userIds.join(',');
  const rows = await queryRows<{ user_id: string | number; role: SpaceRole }>(
    db,
    sql`
    select m.member_id::bigint user_id, g.role from space_members m
      join space_member_groups g on g.id = m.member_group_id
     where g.space_id = ${spaceId} and m.member_type = 'user'
       and m.member_id = any(string_to_array(${list}, ','))
    union all
    select tm.user_id, g.role from space_members m
      join space_member_groups g on g.id = m.member_group_id
      join teams t on t.path @> array[m.member_id::uuid] and t.deleted_at is null
      join team_members tm on tm.team_id = t.id
     where g.space_id = ${spaceId} and m.member_type = 'team'
       and tm.user_id = any(string_to_array(${list}, ',')::bigint[])`,
  );
  for (const row of rows) {
    const userId = Number(row.user_id);
    roles.set(userId, [...(roles.get(userId) ?? []), row.role]);
  }
  return roles;
}

/** The space's share setting: whether its editors may share (its admins always may). */
export async function editorsMayShare(db: Executor, spaceId: string): Promise<boolean> {
  const [row] = await db
    .select({ value: spaceShareSettings.editorsMayShare })
    .from(spaceShareSettings)
    .where(eq(spaceShareSettings.spaceId, spaceId))
    .limit(1);
  return row?.value ?? false;
}

export async function setEditorsMayShare(db: Executor, spaceId: string, value: boolean) {
  await db
    .insert(spaceShareSettings)
    .values({ spaceId, editorsMayShare: value })
    .onConflictDoUpdate({ target: spaceShareSettings.spaceId, set: { editorsMayShare: value } });
}
