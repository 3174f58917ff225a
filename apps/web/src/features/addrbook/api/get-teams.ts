import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Team } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys } from './keys';

/** `GET /api/v1/team`: every team of the trees I am in, flat, parents before children. */
export function getTeams(signal?: AbortSignal): Promise<{ list: Team[] }> {
  return api.get<{ list: Team[] }>('/v1/team', { signal });
}

export function teamsQueryOptions() {
  return queryOptions({
    queryKey: addrbookKeys.teams,
    queryFn: ({ signal }) => getTeams(signal),
    select: (data) => data.list,
  });
}

export function useTeams() {
  return useQuery(teamsQueryOptions());
}
