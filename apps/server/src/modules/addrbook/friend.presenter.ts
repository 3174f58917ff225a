import type { Friend, FriendRequest } from '@library/contract';
import { avatarPath } from '../user/index.js';
import type { FriendRequestRow } from './friend.repo.js';

interface Person {
  id: number;
  nickname: string;
  avatarKey: string | null;
}

export function presentFriend(row: {
  friendship: { groupId: string; remark: string; createdAt: Date };
  friend: Person;
}): Friend {
  return {
    userId: String(row.friend.id),
    nickname: row.friend.nickname,
    avatar: avatarPath(row.friend),
    remark: row.friendship.remark,
    groupId: row.friendship.groupId,
    createdAt: row.friendship.createdAt.toISOString(),
  };
}

/** A request as `viewerId` sees it: incoming or outgoing, with the other person. */
export function presentRequest(
  row: { request: FriendRequestRow; from: Person; to: Person },
  viewerId: number,
): FriendRequest {
  const incoming = row.request.toUserId === viewerId;
  const other = incoming ? row.from : row.to;
  return {
    requestId: row.request.id,
    direction: incoming ? 'incoming' : 'outgoing',
    user: { userId: String(other.id), nickname: other.nickname, avatar: avatarPath(other) },
    message: row.request.message,
    state: row.request.state,
    createdAt: row.request.createdAt.toISOString(),
  };
}
