import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Friend } from '@library/contract';
import { api } from '../../../lib/api-client';
import { refreshFriends } from './keys';

export interface FriendChange {
  remark?: string;
  groupId?: string;
}

/** `PUT /api/v1/friend/{userId}`: my remark on a friend, or the group I keep them in. */
export function updateFriend(userId: string, change: FriendChange): Promise<Friend> {
  return api.put<Friend>(`/v1/friend/${encodeURIComponent(userId)}`, change);
}

export function useUpdateFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, change }: { userId: string; change: FriendChange }) =>
      updateFriend(userId, change),
    onSuccess: () => refreshFriends(queryClient),
  });
}
