import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberGroup } from '@library/contract';
import { api } from '../../../lib/api-client';
import { spaceKeys } from './space-keys';

/** `GET /api/v2/space/{id}/memberGroup`. */
export function getMemberGroups(spaceId: string, signal?: AbortSignal, silent = false) {
  return api.get<{ list: MemberGroup[] }>(`/v2/space/${encodeURIComponent(spaceId)}/memberGroup`, {
    signal,
    silent,
  });
}

export function memberGroupsQueryOptions(spaceId: string) {
  return queryOptions({
    queryKey: spaceKeys.memberGroups(spaceId),
    queryFn: async ({ signal }) => (await getMemberGroups(spaceId, signal)).list,
  });
}

export function useMemberGroups(spaceId: string, enabled: boolean) {
  return useQuery({ ...memberGroupsQueryOptions(spaceId), enabled });
}

/**
 * The people who are members of a space in person (not through a team), for choosing one — the
 * search's author filter. Quiet: a visitor (not a member) simply gets nobody.
 */
export function useSpacePeople(spaceId: string | null) {
  return useQuery({
    queryKey: [...spaceKeys.memberGroups(spaceId ?? ''), 'people'],
    queryFn: async ({ signal }) => {
      const groups = (await getMemberGroups(spaceId!, signal, true)).list;
      const people = new Map<string, string>();
      for (const group of groups) {
        for (const member of group.members) {
          if (member.memberType === 'user') people.set(member.memberId, member.name);
        }
      }
      return [...people].map(([userId, name]) => ({ userId, name }));
    },
    enabled: spaceId !== null,
  });
}
