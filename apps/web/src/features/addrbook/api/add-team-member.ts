import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamDetail } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys, refreshTeams } from './keys';

/**
 * `POST /api/v1/team/{id}/member`: one of my friends joins at once (500003 already in; the root
 * owner's member quotas 700109/700110, or 700111/700112 when an admin adds).
 */
export function addTeamMember(
  teamId: string,
  body: { userId: string; role: 'admin' | 'member' },
): Promise<TeamDetail> {
  return api.post<TeamDetail>(`/v1/team/${encodeURIComponent(teamId)}/member`, body);
}

export function useAddTeamMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: string; role: 'admin' | 'member' }) => addTeamMember(teamId, body),
    onSuccess: (team) => {
      queryClient.setQueryData(addrbookKeys.team(teamId), team);
      return refreshTeams(queryClient);
    },
  });
}
