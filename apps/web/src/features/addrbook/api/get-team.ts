import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamDetail } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys } from './keys';

/**
 * `GET /api/v1/team/{id}`: the team with its members. Silent: a team I am not in answers 404
 * (100007), which the screen shows as 'not found' or, with a join code, as the request-to-join card.
 */
export function getTeam(teamId: string, signal?: AbortSignal): Promise<TeamDetail> {
  return api.get<TeamDetail>(`/v1/team/${encodeURIComponent(teamId)}`, { signal, silent: true });
}

export function teamQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: addrbookKeys.team(teamId),
    queryFn: ({ signal }) => getTeam(teamId, signal),
  });
}

export function useTeam(teamId: string) {
  return useQuery(teamQueryOptions(teamId));
}
