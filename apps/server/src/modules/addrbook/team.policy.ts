// Who may do what with a team. A team's owners and admins manage it, and so do those of every
// team above it: a manager renames, moves and deletes it, adds members and sets their roles,
// invites, holds its join link and answers its join requests. Its creator stays: never removed,
// their role never changed. Seeing a team (being in its tree) is `inTree` in team.repo.ts.
//
// The manager rule in two shapes that must agree (team.policy.test.ts checks both on one matrix):
// `managesTeam` over the roles a user holds along a loaded team's path, and `managedTeamIdsSql`
// for queries over many teams. Who manages one team (`managersOf` in team.repo.ts, told of its
// join requests) holds one of `managerRoles` along its path, as `managesTeam` reads it.
import { sql } from 'drizzle-orm';
import type { TeamRole } from '@library/contract';

export const managerRoles: readonly TeamRole[] = ['owner', 'admin'];

/**
 * Whether a user manages a team, given the roles they hold in the teams of its path (root first,
 * the team itself last; null or undefined where they hold none).
 */
export function managesTeam(rolesOnPath: Iterable<TeamRole | null | undefined>): boolean {
  for (const role of rolesOnPath) if (role && managerRoles.includes(role)) return true;
  return false;
}

const managerRolesSql = sql.join(
  managerRoles.map((role) => sql`${role}`),
  sql`, `,
);

/** The ids of the live teams the user manages: those they own or administer, and all below. */
export const managedTeamIdsSql = (userId: number) =>
  sql`select t.id from teams t where t.deleted_at is null and t.path && array(
    select m.team_id from team_members m
    where m.user_id = ${userId} and m.role in (${managerRolesSql}))`;

/** A team's creator: nobody removes them from it or changes their role. */
export const isTeamCreator = (team: { ownerId: number }, userId: number) => team.ownerId === userId;

/** Who takes a member out of a team: the member themselves (leaving) or a manager. */
export const mayRemoveMember = (actor: { userId: number; manages: boolean }, memberId: number) =>
  actor.userId === memberId || actor.manages;

/** Whom a manager adds to a team directly: a friend of theirs, or themselves. */
export const mayAddMember = (actorId: number, memberId: number, isFriend: boolean) =>
  memberId === actorId || isFriend;

/** Whom a manager invites into a team: a friend of theirs (never themselves; they add). */
export const mayInvite = (actorId: number, inviteeId: number, isFriend: boolean) =>
  inviteeId !== actorId && isFriend;

/** Who answers an invitation: its invitee alone. */
export const mayAnswerInvitation = (userId: number, invitation: { toUserId: number }) =>
  invitation.toUserId === userId;
