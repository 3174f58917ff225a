import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberGroup } from '@library/contract';
import { api } from '../../../lib/api-client';
import { spaceKeys } from './space-keys';

/** `GET /api/v2/space/{id}/memberGroup`. */
export function getMemberGroups(spaceId: string, signal?: AbortSignal) {
  return api.get<{ list: MemberGroup[] }>(`/v2/space/${encodeURIComponent(spaceId)}/memberGroup`, {
    signal,
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
