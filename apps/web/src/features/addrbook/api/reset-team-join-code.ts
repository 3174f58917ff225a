import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamJoinCode } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys } from './keys';

/** `PUT /api/v1/team/{id}/joinCode` (managers): a new join link; the old one stops working. */
export function resetTeamJoinCode(teamId: string): Promise<TeamJoinCode> {
  return api.put<TeamJoinCode>(`/v1/team/${encodeURIComponent(teamId)}/joinCode`);
}

export function useResetTeamJoinCode(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetTeamJoinCode(teamId),
    onSuccess: (joinCode) => queryClient.setQueryData(addrbookKeys.teamJoinCode(teamId), joinCode),
  });
}
