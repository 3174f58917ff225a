// What the login and the address book share about friends: the invite code call
// (`PUT /api/v1/friend/inviteCode`, spec §7 — a registration link's code after a password login,
// a code typed into the add-friend dialog) and the key every address-book query lives under, so
// either side can ask for fresh friends.
import type { Friend } from '@library/contract';
import { api, type RequestOptions } from './api-client';

/** The root of the address book's query keys (friends, groups, teams, invites, the badge). */
export const addrbookQueryKey = ['addrbook'] as const;

/** Befriends the owner of an invite code: 200003 unknown code, 700009 one's own, 100011 friends. */
export function addFriendByInviteCode(
  inviteCode: string,
  options?: Pick<RequestOptions, 'silent'>,
): Promise<{ friend: Friend }> {
  return api.put<{ friend: Friend }>('/v1/friend/inviteCode', { inviteCode }, options);
}
