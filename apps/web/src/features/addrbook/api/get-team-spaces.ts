import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamSpace } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys } from './keys';

/**
 * `GET /api/v1/team/{id}/space`: the spaces the team's people reach through it — member groups
 * holding the team or a team above it — that I may see.
 */
export function getTeamSpaces(
  teamId: string,
  signal?: AbortSignal,
): Promise<{ list: TeamSpace[] }> {
  return api.get<{ list: TeamSpace[] }>(`/v1/team/${encodeURIComponent(teamId)}/space`, {
    signal,
  });
}

export function teamSpacesQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: addrbookKeys.teamSpaces(teamId),
    queryFn: ({ signal }) => getTeamSpaces(teamId, signal),
    select: (data) => data.list,
  });
}

export function useTeamSpaces(teamId: string) {
  return useQuery(teamSpacesQueryOptions(teamId));
}
