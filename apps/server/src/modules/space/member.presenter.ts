// A space's member groups as the API answers them: each member with a name and an avatar, a team
// with the number of its people. A deleted team holds nobody, so it is left out until restored.
// Also the spaces a team reaches, those a friend shares with the caller, and people to mention.
import type {
  MemberGroup,
  SharedSpace,
  SpacePerson,
  SpaceRole,
  TeamSpace,
} from '@library/contract';
import type { UserRow } from '../../db/schema/index.js';
import { avatarPath } from '../user/index.js';
import type { membersOf, MemberGroupRow, spacesOfTeams, teamsByIds } from './member.repo.js';
import type { SpaceRow } from './space-access.js';
import { initialMemberGroups } from './space.service.js';

type MemberRow = Awaited<ReturnType<typeof membersOf>>[number];
type TeamRow = Awaited<ReturnType<typeof teamsByIds>>[number];
type TeamSpaceRow = Awaited<ReturnType<typeof spacesOfTeams>>[number];

export function presentMemberGroups(
  groups: MemberGroupRow[],
  members: MemberRow[],
  people: UserRow[],
  teams: TeamRow[],
): MemberGroup[] {
  const personById = new Map(people.map((u) => [String(u.id), u]));
  const teamById = new Map(teams.map((t) => [t.id, t]));
  const present = (member: MemberRow): MemberGroup['members'][number] | null => {
    if (member.memberType === 'team') {
      const team = teamById.get(member.memberId);
      return team
        ? { ...member, name: team.name, avatar: null, memberCount: team.memberCount }
        : null;
    }
    const person = personById.get(member.memberId);
    return {
      ...member,
      name: person?.nickname ?? member.memberId,
      avatar: person ? avatarPath(person) : null,
    };
  };
  return groups.map((group) => ({
    memberGroupId: group.id,
    name: group.name,
    isDefault: initialMemberGroups.some(
      (initial) => initial.role === group.role && initial.name === group.name,
    ),
    role: group.role,
    members: members
      .filter((member) => member.memberGroupId === group.id)
      .map(present)
      .filter((member) => member !== null),
  }));
}

/** A space a team reaches: through which of its member groups, and which team of the tree. */
export function presentTeamSpace(row: TeamSpaceRow): TeamSpace {
  return {
    spaceId: row.space.id,
    name: row.space.name,
    icon: row.space.icon,
    role: row.group.role,
    memberGroupId: row.group.id,
    memberGroupName: row.group.name,
    viaTeamId: row.team.id,
    viaTeamName: row.team.name,
  };
}

/** A space the caller and a friend are both members of, with each one's role. */
export function presentSharedSpace(
  space: Pick<SpaceRow, 'id' | 'name' | 'icon'>,
  myRole: SpaceRole,
  friendRole: SpaceRole,
): SharedSpace {
  return { spaceId: space.id, name: space.name, icon: space.icon, myRole, friendRole };
}

export function presentSpacePerson(row: {
  id: number;
  nickname: string;
  avatarKey: string | null;
  friend: boolean;
}): SpacePerson {
  return {
    userId: String(row.id),
    nickname: row.nickname,
    avatar: avatarPath({ id: row.id, avatarKey: row.avatarKey }),
    friend: row.friend,
  };
}
