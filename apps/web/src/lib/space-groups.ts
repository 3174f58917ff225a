// The user's space list (space groups with their spaces). The session loads it with the user and
// the roles; the sidebar, home, notes and the space views read it — shared data, so it lives
// below the features rather than in one of them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpaceGroup } from '@library/contract';
import { api, type RequestOptions } from './api-client';
import { useSessionStore } from '../stores/session-store';

export const spaceGroupsQueryKey = ['space', 'groups'] as const;

/** `GET /api/v3/space/group`: the user's space groups with their spaces. */
export function getSpaceGroups(
  options?: Pick<RequestOptions, 'signal' | 'silent' | 'timeoutMs'>,
): Promise<SpaceGroup[]> {
  return api.get<SpaceGroup[]>('/v3/space/group', options);
}

export function spaceGroupsQueryOptions() {
  return queryOptions({
    queryKey: spaceGroupsQueryKey,
    queryFn: ({ signal }) => getSpaceGroups({ signal }),
  });
}

export function useSpaceGroups() {
  const loggedIn = useSessionStore((state) => state.token !== null);
  return useQuery({ ...spaceGroupsQueryOptions(), enabled: loggedIn });
}

/**
 * A group's name as shown. The group the server made first is stored under a Chinese name; while
 * it keeps it (`isDefault`) it is named in the reader's language, and once the user renames it,
 * by the user's name.
 */
export function spaceGroupName(
  group: Pick<SpaceGroup, 'groupName' | 'isDefault'>,
  t: (key: 'spaces.defaultGroup') => string,
): string {
  return group.isDefault ? t('spaces.defaultGroup') : group.groupName;
}
