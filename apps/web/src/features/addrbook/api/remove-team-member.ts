import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshTeams } from './keys';

/**
 * `DELETE /api/v1/team/{id}/member/{userId}`: a manager removes someone, or I leave (my own id);
 * never the creator (500004).
 */
export function removeTeamMember(teamId: string, userId: string): Promise<null> {
  return api.delete<null>(
    `/v1/team/${encodeURIComponent(teamId)}/member/${encodeURIComponent(userId)}`,
  );
}

export function useRemoveTeamMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeTeamMember(teamId, userId),
    // not awaited: after leaving, the screen moves on before the team (now hidden) asks again
    onSuccess: () => {
      void refreshTeams(queryClient);
    },
  });
}
