import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamJoinCode } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys } from './keys';

/** `GET /api/v1/team/{id}/joinCode` (managers): the join link `/addrbook/team/{id}?join={code}`. */
export function getTeamJoinCode(teamId: string, signal?: AbortSignal): Promise<TeamJoinCode> {
  return api.get<TeamJoinCode>(`/v1/team/${encodeURIComponent(teamId)}/joinCode`, { signal });
}

export function teamJoinCodeQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: addrbookKeys.teamJoinCode(teamId),
    queryFn: ({ signal }) => getTeamJoinCode(teamId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useTeamJoinCode(teamId: string, enabled = true) {
  return useQuery({ ...teamJoinCodeQueryOptions(teamId), enabled });
}
