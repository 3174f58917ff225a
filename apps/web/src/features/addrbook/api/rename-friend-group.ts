import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshFriends } from './keys';

/** `PUT /api/v1/friend/group/{id}`: renames one of my groups. */
export function renameFriendGroup(groupId: string, name: string): Promise<null> {
  return api.put<null>(`/v1/friend/group/${encodeURIComponent(groupId)}`, { name });
}

export function useRenameFriendGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, name }: { groupId: string; name: string }) =>
      renameFriendGroup(groupId, name),
    onSuccess: () => refreshFriends(queryClient),
  });
}
