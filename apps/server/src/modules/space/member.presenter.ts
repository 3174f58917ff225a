// A space's member groups as the API answers them: each member with a name and an avatar, a team
// with the number of its people. A deleted team holds nobody, so it is left out until restored.
import type { MemberGroup } from '@library/contract';
import type { UserRow } from '../../db/schema/index.js';
import { avatarPath } from '../user/index.js';
import type { membersOf, MemberGroupRow, teamsByIds } from './member.repo.js';
import { initialMemberGroups } from './space.service.js';

type MemberRow = Awaited<ReturnType<typeof membersOf>>[number];
type TeamRow = Awaited<ReturnType<typeof teamsByIds>>[number];

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
