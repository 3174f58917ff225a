import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamDetail } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys, refreshTeams } from './keys';

/**
 * `PUT /api/v1/team/{id}/move`: under another team of the same tree. The server refuses a move
 * out of the tree (500006) or under the team itself or below (500007); the API client toasts it.
 */
export function moveTeam(teamId: string, parentId: string): Promise<TeamDetail> {
  return api.put<TeamDetail>(`/v1/team/${encodeURIComponent(teamId)}/move`, { parentId });
}

export function useMoveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, parentId }: { teamId: string; parentId: string }) =>
      moveTeam(teamId, parentId),
    onSuccess: (team) => {
      queryClient.setQueryData(addrbookKeys.team(team.teamId), team);
      return refreshTeams(queryClient);
    },
  });
}
