import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamDetail } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys, refreshTeams } from './keys';

/** `PUT /api/v1/team/{id}/member/{userId}`: admin or member; never the creator's (500005). */
export function setTeamMemberRole(
  teamId: string,
  userId: string,
  role: 'admin' | 'member',
): Promise<TeamDetail> {
  return api.put<TeamDetail>(
    `/v1/team/${encodeURIComponent(teamId)}/member/${encodeURIComponent(userId)}`,
    { role },
  );
}

export function useSetTeamMemberRole(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: 'admin' | 'member' }) =>
      setTeamMemberRole(teamId, userId, role),
    onSuccess: (team) => {
      queryClient.setQueryData(addrbookKeys.team(teamId), team);
      return refreshTeams(queryClient);
    },
  });
}
