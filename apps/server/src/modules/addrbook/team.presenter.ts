// What leaves the server about teams: a team with the caller's role and whether they manage
// it, its members, its join link and what the link leads to.
import type { Team, TeamDetail, TeamJoinCode, TeamJoinPreview, TeamRole } from '@library/contract';
import { avatarPath } from '../user/index.js';
import type { membersOf, TeamRow } from './team.repo.js';

type MemberRow = Awaited<ReturnType<typeof membersOf>>[number];

/** A team as someone in its tree sees it: their role there and whether they manage it. */
export function presentTeam(
  team: TeamRow,
  extra: { myRole: TeamRole | null; canManage: boolean; memberCount: number },
): Team {
  return {
    teamId: team.id,
    parentId: team.parentId,
    rootId: team.path[0]!,
    name: team.name,
    ownerId: String(team.ownerId),
    createdAt: team.createdAt.toISOString(),
    ...extra,
  };
}

export function presentTeamDetail(
  team: TeamRow,
  caller: { myRole: TeamRole | null; canManage: boolean },
  members: MemberRow[],
): TeamDetail {
  return {
    ...presentTeam(team, { ...caller, memberCount: members.length }),
    members: members.map(({ member, user }) => ({
      userId: String(user.id),
      nickname: user.nickname,
      avatar: avatarPath(user),
      role: member.role,
      joinedAt: member.createdAt.toISOString(),
    })),
  };
}

/** The join code with the web's link that carries it. */
export function presentJoinCode(teamId: string, code: string): TeamJoinCode {
  return { code, link: `/addrbook/team/${teamId}?join=${encodeURIComponent(code)}` };
}

/** What a join link leads to: the team, and whether the caller is in or has asked already. */
export function presentJoinPreview(
  team: TeamRow,
  found: Omit<TeamJoinPreview, 'teamId' | 'name'>,
): TeamJoinPreview {
  return { teamId: team.id, name: team.name, ...found };
}
