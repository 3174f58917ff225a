import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { addrbookKeys, refreshTeams } from './keys';

/** `DELETE /api/v1/team/{id}`: the team with its sub-teams (to the recycle bin). */
export function deleteTeam(teamId: string): Promise<null> {
  return api.delete<null>(`/v1/team/${encodeURIComponent(teamId)}`);
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: (_data, teamId) => {
      queryClient.removeQueries({ queryKey: addrbookKeys.team(teamId) });
      return refreshTeams(queryClient);
    },
  });
}
