import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshFriends } from './keys';

/** `DELETE /api/v1/friend/{userId}`: ends the friendship on both sides. */
export function removeFriend(userId: string): Promise<null> {
  return api.delete<null>(`/v1/friend/${encodeURIComponent(userId)}`);
}

export function useRemoveFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFriend,
    onSuccess: () => refreshFriends(queryClient),
  });
}
