import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshFriends } from './keys';

/** `POST /api/v1/friend/group`: a new group, last in my order. */
export function createFriendGroup(name: string): Promise<{ groupId: string }> {
  return api.post<{ groupId: string }>('/v1/friend/group', { name });
}

export function useCreateFriendGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFriendGroup,
    onSuccess: () => refreshFriends(queryClient),
  });
}
