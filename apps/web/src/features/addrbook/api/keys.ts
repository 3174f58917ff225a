// Every address-book query key, under the shared root (lib/friend-invite.ts) so a login that
// befriends someone, or an answer to an invite, can refresh the lot.
import type { QueryClient } from '@tanstack/react-query';
import { addrbookQueryKey } from '../../../lib/friend-invite';

export const addrbookKeys = {
  all: addrbookQueryKey,
  friendGroups: [...addrbookQueryKey, 'friend-groups'] as const,
  friends: (keywords: string) => [...addrbookQueryKey, 'friends', keywords] as const,
  friendsAll: [...addrbookQueryKey, 'friends'] as const,
  myInviteCode: [...addrbookQueryKey, 'my-invite-code'] as const,
  teams: [...addrbookQueryKey, 'teams'] as const,
  team: (teamId: string) => [...addrbookQueryKey, 'team', teamId] as const,
  teamJoinPreview: (code: string) => [...addrbookQueryKey, 'team-join', code] as const,
  teamJoinCode: (teamId: string) => [...addrbookQueryKey, 'team', teamId, 'join-code'] as const,
  teamSpaces: (teamId: string) => [...addrbookQueryKey, 'team', teamId, 'spaces'] as const,
  sharedSpaces: (friendId: string) => [...addrbookQueryKey, 'friends', friendId, 'spaces'] as const,
  invites: [...addrbookQueryKey, 'invites'] as const,
  invitePage: (page: number, pageSize: number) =>
    [...addrbookQueryKey, 'invites', page, pageSize] as const,
  invite: (inviteId: string) => [...addrbookQueryKey, 'invites', 'one', inviteId] as const,
  inviteCount: [...addrbookQueryKey, 'invite-count'] as const,
};

/** After a change to friends or groups: the groups, the searches and the pickers ask again. */
export function refreshFriends(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: addrbookKeys.friendGroups }),
    queryClient.invalidateQueries({ queryKey: addrbookKeys.friendsAll }),
  ]);
}

/** After a change to teams: the tree and the team details (members, roles, join links). */
export function refreshTeams(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: addrbookKeys.teams }),
    queryClient.invalidateQueries({ queryKey: [...addrbookQueryKey, 'team'] }),
  ]);
}

/** After answering an invite: the list and the badge. */
export function refreshInvites(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: addrbookKeys.invites }),
    queryClient.invalidateQueries({ queryKey: addrbookKeys.inviteCount }),
  ]);
}
