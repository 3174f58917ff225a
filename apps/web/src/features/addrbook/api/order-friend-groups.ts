import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FriendGroup } from '@library/contract';
import { api } from '../../../lib/api-client';
import { addrbookKeys, refreshFriends } from './keys';

/** `PUT /api/v1/friend/group/order`: the named groups first, in that order. */
export function orderFriendGroups(groupIds: string[]): Promise<null> {
  return api.put<null>('/v1/friend/group/order', { groupIds });
}

/** Shows the new order at once and asks again afterwards (the old order back on a failure). */
export function useOrderFriendGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderFriendGroups,
    onMutate: async (groupIds) => {
      await queryClient.cancelQueries({ queryKey: addrbookKeys.friendGroups });
      const before = queryClient.getQueryData<{ list: FriendGroup[] }>(addrbookKeys.friendGroups);
      if (before) {
        const byId = new Map(before.list.map((group) => [group.groupId, group]));
        const ordered = groupIds.flatMap((id) => byId.get(id) ?? []);
        const rest = before.list.filter((group) => !groupIds.includes(group.groupId));
        queryClient.setQueryData(addrbookKeys.friendGroups, { list: [...ordered, ...rest] });
      }
      return { before };
    },
    onError: (_error, _groupIds, context) => {
      if (context?.before) queryClient.setQueryData(addrbookKeys.friendGroups, context.before);
    },
    onSettled: () => refreshFriends(queryClient),
  });
}
