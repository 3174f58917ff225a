import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamDetail } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys, refreshTeams } from './keys';

/** `PUT /api/v1/team/{id}`: a new name, unique among its siblings (500001). */
export function renameTeam(teamId: string, name: string): Promise<TeamDetail> {
  return api.put<TeamDetail>(`/v1/team/${encodeURIComponent(teamId)}`, { name });
}

export function useRenameTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, name }: { teamId: string; name: string }) => renameTeam(teamId, name),
    onSuccess: (team) => {
      queryClient.setQueryData(addrbookKeys.team(team.teamId), team);
      return refreshTeams(queryClient);
    },
  });
}
