import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Friend, FriendRequest } from '@library/contract';
import { api } from '../../../lib/api-client';
import { refreshFriends, refreshInvites } from './keys';

export interface FriendRequestResult {
  request: FriendRequest | null;
  /** friends at once: the other person had asked already */
  friend: Friend | null;
}

/**
 * `POST /api/v1/friend/request`: asks the person with exactly this phone, e-mail or ID. Silent:
 * the dialog shows 'no such account' (200003), oneself (700009) and 'friends already' (100011) on
 * its field and toasts the rest.
 */
export function sendFriendRequest(body: {
  account: string;
  message: string;
}): Promise<FriendRequestResult> {
  return api.post<FriendRequestResult>('/v1/friend/request', body, { silent: true });
}

export function useSendFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFriendRequest,
    onSuccess: () => Promise.all([refreshFriends(queryClient), refreshInvites(queryClient)]),
  });
}
