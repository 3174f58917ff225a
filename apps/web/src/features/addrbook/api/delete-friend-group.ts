import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshFriends } from './keys';

/** `DELETE /api/v1/friend/group/{id}`: its friends go to the default group (which stays, 700009). */
export function deleteFriendGroup(groupId: string): Promise<null> {
  return api.delete<null>(`/v1/friend/group/${encodeURIComponent(groupId)}`);
}

export function useDeleteFriendGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFriendGroup,
    onSuccess: () => refreshFriends(queryClient),
  });
}
