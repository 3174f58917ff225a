import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { addrbookKeys, refreshInvites, refreshTeams } from './keys';

/**
 * `POST /api/v1/team/join`: asks the team's managers to let me in through its join link (asking
 * again answers the first request).
 */
export function joinTeam(body: { code: string; message: string }): Promise<unknown> {
  return api.post<unknown>('/v1/team/join', body);
}

export function useJoinTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinTeam,
    onSuccess: (_data, { code }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: addrbookKeys.teamJoinPreview(code) }),
        refreshInvites(queryClient),
        refreshTeams(queryClient),
      ]),
  });
}
