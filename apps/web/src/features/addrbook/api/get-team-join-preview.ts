import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamJoinPreview } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys } from './keys';

/**
 * `GET /api/v1/team/join?code=`: the team a join link leads to, whether I am in it and my request
 * waiting, if any. Silent: a code that no longer works is the card's 'link expired'.
 */
export function getTeamJoinPreview(code: string, signal?: AbortSignal): Promise<TeamJoinPreview> {
  return api.get<TeamJoinPreview>('/v1/team/join', { signal, silent: true, query: { code } });
}

export function teamJoinPreviewQueryOptions(code: string) {
  return queryOptions({
    queryKey: addrbookKeys.teamJoinPreview(code),
    queryFn: ({ signal }) => getTeamJoinPreview(code, signal),
  });
}

export function useTeamJoinPreview(code: string) {
  return useQuery(teamJoinPreviewQueryOptions(code));
}
