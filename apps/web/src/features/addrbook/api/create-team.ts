import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamDetail } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys, refreshTeams } from './keys';

/** `POST /api/v1/team`: a root team (700066 switched off, 700104 quota) or a sub-team. */
export function createTeam(body: { name: string; parentId?: string }): Promise<TeamDetail> {
  return api.post<TeamDetail>('/v1/team', body);
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: (team) => {
      queryClient.setQueryData(addrbookKeys.team(team.teamId), team);
      return refreshTeams(queryClient);
    },
  });
}
