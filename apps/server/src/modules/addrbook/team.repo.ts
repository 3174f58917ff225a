// Queries of teams and their members. A team's `path` runs from its root team to itself. A team in
// the recycle bin (`deleted_at` set, on its whole subtree) is left out of every query here except
// those named for the bin (`findTeamInBin`, `recycleTeams`, …).
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
import { teamMembers, teams, users } from '../../db/schema/index.js';
import { managerRoles } from './team.policy.js';

export type TeamRow = typeof teams.$inferSelect;

const live = isNull(teams.deletedAt);

/** A live team. */
export async function findTeam(db: Executor, teamId: string) {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), live))
    .limit(1);
  return row;
}

/** Holds a team's row until the transaction ends (member counts checked one at a time). */
export async function lockTeam(db: Executor, teamId: string) {
  await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('no key update');
}

/** The roles the user holds in the given teams, by team id. */
export async function rolesIn(db: Executor, userId: number, teamIds: string[]) {
  if (teamIds.length === 0) return new Map<string, TeamMemberRow['role']>();
  const rows = await db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), inArray(teamMembers.teamId, teamIds)));
  return new Map(rows.map((row) => [row.teamId, row.role]));
}

export type TeamMemberRow = typeof teamMembers.$inferSelect;

/** Who manages the team: an owner or admin of it or of a team above it (team.policy.ts). */
export async function managersOf(db: Executor, team: Pick<TeamRow, 'path'>) {
  const rows = await db
    .selectDistinct({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(
      and(inArray(teamMembers.teamId, team.path), inArray(teamMembers.role, [...managerRoles])),
    );
  return rows.map((row) => row.userId);
}

/** Whether the user is in any team of the tree under `rootId`. */
export async function inTree(db: Executor, userId: number, rootId: string) {
  const [row] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), sql`${teams.path}[1] = ${rootId}::uuid`, live))
    .limit(1);
  return row !== undefined;
}

/** Every team of the trees the user is in, parents first, with its member count. */
export async function teamsOfUser(db: Executor, userId: number) {
  return db
    .select({
      team: teams,
      memberCount: sql<number>`(select count(*)::int from team_members m
      where m.team_id = ${teams.id})`,
    })
    .from(teams)
    .where(
      and(
        live,
        sql`${teams.path}[1] in (select t.path[1] from team_members m join teams t
          on t.id = m.team_id where m.user_id = ${userId} and t.deleted_at is null)`,
      ),
    )
    .orderBy(sql`array_length(${teams.path}, 1)`, asc(teams.position), asc(teams.createdAt));
}

export async function membersOf(db: Executor, teamId: string) {
  return db
    .select({
      member: teamMembers,
      user: { id: users.id, nickname: users.nickname, avatarKey: users.avatarKey },
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.userId));
}

export async function countMembers(db: Executor, teamId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  return row?.value ?? 0;
}

/** Memberships in every team of the tree under `rootId`. */
export async function countTreeMembers(db: Executor, rootId: string) {
  const [row] = await queryRows<{ value: number }>(
    db,
    sql`select count(*)::int as value from team_members m join teams t on t.id = m.team_id
      where t.path[1] = ${rootId}::uuid and t.deleted_at is null`,
  );
  return row?.value ?? 0;
}

export async function lastPosition(db: Executor, parentId: string | null, ownerId: number) {
  const [row] = await db
    .select({ position: teams.position })
    .from(teams)
    .where(
      and(
        live,
        parentId === null
          ? and(sql`${teams.parentId} is null`, eq(teams.ownerId, ownerId))
          : eq(teams.parentId, parentId),
      ),
    )
    .orderBy(sql`${teams.position} collate "C" desc`)
    .limit(1);
  return row?.position ?? null;
}

export async function insertTeam(db: Executor, row: typeof teams.$inferInsert) {
  await db.insert(teams).values(row);
}

export async function renameTeam(db: Executor, teamId: string, name: string) {
  await db.update(teams).set({ name }).where(eq(teams.id, teamId));
}

/**
 * Moves a team under `parent`: its parent, position, and the paths of its whole subtree (the
 * part above the team replaced by the new parent's path).
 */
export async function moveTeam(db: Executor, team: TeamRow, parent: TeamRow, position: string) {
  await db.update(teams).set({ parentId: parent.id, position }).where(eq(teams.id, team.id));
  // the new parent's path as an array literal (uuids only: nothing to escape)
  const prefix = `{${parent.path.join(',')}}`;
  await db.execute(sql`update teams
    set path = ${prefix}::uuid[] || path[array_position(path, ${team.id}::uuid):]
    where path @> array[${team.id}::uuid]`);
}

/**
 * Puts a live team and its live sub-teams in the recycle bin, in one statement: they share the
 * recycle item's id (sub-teams already in the bin keep their own item).
 */
export async function recycleTeams(
  db: Executor,
  teamId: string,
  deleted: { recycleItemId: string; deletedBy: number; deletedAt: Date },
) {
  await db
    .update(teams)
    .set(deleted)
    .where(and(sql`${teams.path} @> array[${teamId}::uuid]`, live));
}

/** A team in the recycle bin, deleted as the root of the given item. */
export async function findTeamInBin(db: Executor, teamId: string, recycleItemId: string) {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.recycleItemId, recycleItemId)))
    .limit(1);
  return row;
}

/** A team, live or in the bin. */
export async function findAnyTeam(db: Executor, teamId: string) {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
  return row;
}

/** Brings back every team deleted by the item; answers their ids. */
export async function restoreTeams(db: Executor, recycleItemId: string) {
  const rows = await db
    .update(teams)
    .set({ deletedAt: null, deletedBy: null, recycleItemId: null })
    .where(eq(teams.recycleItemId, recycleItemId))
    .returning({ id: teams.id });
  return rows.map((row) => row.id);
}

/** Memberships of the teams deleted by the item (they come back with them). */
export async function countMembersInBin(db: Executor, recycleItemId: string) {
  const [row] = await queryRows<{ value: number }>(
    db,
    sql`select count(*)::int as value from team_members m join teams t on t.id = m.team_id
      where t.recycle_item_id = ${recycleItemId}::uuid`,
  );
  return row?.value ?? 0;
}

/** Whether a live sibling of the team (same parent, or the owner's root teams) has its name. */
export async function liveSiblingNamed(db: Executor, team: TeamRow) {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        live,
        eq(teams.name, team.name),
        team.parentId === null
          ? and(isNull(teams.parentId), eq(teams.ownerId, team.ownerId))
          : eq(teams.parentId, team.parentId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Hard-deletes a team of the bin with its subtree (memberships, requests and invitations go by
 * cascade); answers the ids of the subtree's teams. A live team is left alone.
 */
export async function destroyTeam(db: Executor, teamId: string) {
  const subtree = await db
    .select({ id: teams.id })
    .from(teams)
    .where(sql`${teams.path} @> array[${teamId}::uuid]`);
  const rows = await db
    .delete(teams)
    .where(and(eq(teams.id, teamId), sql`${teams.deletedAt} is not null`))
    .returning({ id: teams.id });
  return rows.length > 0 ? subtree.map((row) => row.id) : [];
}

export async function insertMember(
  db: Executor,
  row: { teamId: string; userId: number; role: TeamMemberRow['role'] },
) {
  await db.insert(teamMembers).values(row);
}

export async function findMember(db: Executor, teamId: string, userId: number) {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row;
}

export async function setMemberRole(
  db: Executor,
  teamId: string,
  userId: number,
  role: TeamMemberRow['role'],
) {
  await db
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

export async function deleteMember(db: Executor, teamId: string, userId: number) {
  const rows = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
  return rows.length > 0;
}

/** How many teams the item deleted (they come back together). */
export async function countTeamsInBin(db: Executor, recycleItemId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(teams)
    .where(eq(teams.recycleItemId, recycleItemId));
  return row?.value ?? 0;
}

/** Teams by id, live or not, each with its owner and the names of the teams above it. */
export async function teamsWithAncestorNames(db: Executor, teamIds: string[]) {
  const found = new Map<string, { ownerId: number; path: string[] }>();
  if (teamIds.length === 0) return found;
  const rows = await db
    .select({ id: teams.id, ownerId: teams.ownerId, path: teams.path })
    .from(teams)
    .where(inArray(teams.id, teamIds));
  const ancestorIds = [...new Set(rows.flatMap((row) => row.path.slice(0, -1)))];
  const names = new Map<string, string>();
  if (ancestorIds.length > 0) {
    const ancestors = await db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(inArray(teams.id, ancestorIds));
    for (const ancestor of ancestors) names.set(ancestor.id, ancestor.name);
  }
  for (const row of rows) {
    found.set(row.id, {
      ownerId: row.ownerId,
      path: row.path.slice(0, -1).flatMap((id) => names.get(id) ?? []),
    });
  }
  return found;
}
