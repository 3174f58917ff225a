import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshInvites } from './keys';

/**
 * `POST /api/v1/team/{id}/invitation` (managers): invites a friend, who joins as a member once
 * they accept (500003 when in already).
 */
export function inviteToTeam(
  teamId: string,
  body: { userId: string; message: string },
): Promise<unknown> {
  return api.post<unknown>(`/v1/team/${encodeURIComponent(teamId)}/invitation`, body);
}

export function useInviteToTeam(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: string; message: string }) => inviteToTeam(teamId, body),
    onSuccess: () => refreshInvites(queryClient),
  });
}
