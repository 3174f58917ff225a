import type { Friend, FriendGroup } from '@library/contract';
import type { TFunction } from 'i18next';

/** The default group is named in the reader's language; the others by their own name. */
export function friendGroupName(group: Pick<FriendGroup, 'groupName' | 'isDefault'>, t: TFunction) {
  return group.isDefault ? t('addrbook.groups.defaultName') : group.groupName;
}

/** How a friend is shown: my remark when I gave one, else their nickname. */
export function friendDisplayName(friend: Pick<Friend, 'nickname' | 'remark'>): string {
  return friend.remark.trim() || friend.nickname;
}

export function findFriend(groups: readonly FriendGroup[] | undefined, userId: string) {
  for (const group of groups ?? []) {
    const friend = group.friendList.find((candidate) => candidate.userId === userId);
    if (friend) return friend;
  }
  return undefined;
}

export function countFriends(groups: readonly FriendGroup[] | undefined): number {
  return (groups ?? []).reduce((sum, group) => sum + group.friendList.length, 0);
}
