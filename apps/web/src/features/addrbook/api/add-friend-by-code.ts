import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addFriendByInviteCode } from '../../../lib/friend-invite';
import { refreshFriends } from './keys';

/**
 * `PUT /api/v1/friend/inviteCode` from the add-friend dialog. Silent: an unknown code (200003),
 * one's own (700009) and 'friends already' (100011) are shown on the field.
 */
export function useAddFriendByCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => addFriendByInviteCode(code, { silent: true }),
    onSuccess: () => refreshFriends(queryClient),
  });
}
