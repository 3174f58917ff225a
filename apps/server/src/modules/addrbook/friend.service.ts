// Friends: adding one by invite code or by an answered request (never by browsing users), the
// friend list and groups, remarks, removing a friend. Becoming friends needs the 'add friends'
// switch (700065) and room in both people's friend quotas (700103 mine, 700108 theirs).
import {
  ErrorCode,
  peerQuotaCodes,
  type Friend,
  type FriendGroup,
  type Quotas,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import { okJson } from '../../http/envelope.js';
import { positionBetween } from '../../lib/position.js';
import { countFriends } from '../account/index.js';
import { assertWithinQuota, quotasOf, requireFeature } from '../account/index.js';
import { invitePath, notifyPeople } from '../notification/index.js';
import { findByInviteCode, getUser } from '../user/index.js';
import { findByAccount } from '../user/index.js';
import { presentFriend, presentRequest } from './friend.presenter.js';
import * as repo from './friend.repo.js';

/** The name stored for a user's default friend group; answered `isDefault` for the web to name. */
export const defaultFriendGroupName = '我的好友';

const notFound = () => new AppError(ErrorCode.dataMissing);

/** The user's friend groups, the default one made when missing. */
async function groupsWithDefault(db: Executor, userId: number) {
  const groups = await repo.groupsOf(db, userId);
  if (groups.some((group) => group.isDefault)) return groups;
  await repo.insertGroup(db, {
    userId,
    name: defaultFriendGroupName,
    isDefault: true,
    position: positionBetween(null, groups[0]?.position ?? null),
  });
  return repo.groupsOf(db, userId);
}

async function defaultGroupId(db: Executor, userId: number) {
  return (await groupsWithDefault(db, userId)).find((group) => group.isDefault)!.id;
}

/**
 * Makes `actorId` and `otherId` friends, each in their default group. The actor needs the
 * 'add friends' switch; both need room in their friend quota.
 */
async function befriend(db: Database, actorId: number, otherId: number, site: Quotas) {
  if (actorId === otherId) {
    throw new AppError(ErrorCode.operationNotAllowed, { detail: 'one cannot befriend oneself' });
  }
  await requireFeature(db, actorId, 'addFriend');
  try {
    await db.transaction(async (tx) => {
      await repo.lockPair(tx, actorId, otherId);
      if (await repo.findFriend(tx, actorId, otherId)) throw new AppError(ErrorCode.duplicate);
      const [mine, theirs] = await Promise.all([
        quotasOf(tx, actorId, site),
        quotasOf(tx, otherId, site),
      ]);
      assertWithinQuota('friends', mine.friends, await countFriends(tx, actorId));
      if ((await countFriends(tx, otherId)) + 1 > theirs.friends) {
        throw new AppError(peerQuotaCodes.friends);
      }
      await repo.insertFriendship(tx, {
        userId: actorId,
        friendId: otherId,
        groupId: await defaultGroupId(tx, actorId),
      });
      await repo.insertFriendship(tx, {
        userId: otherId,
        friendId: actorId,
        groupId: await defaultGroupId(tx, otherId),
      });
    });
  } catch (error) {
    // the same two people made friends twice at once
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.duplicate);
    throw error;
  }
  return getFriend(db, actorId, otherId);
}

export async function getFriend(db: Executor, userId: number, friendId: number): Promise<Friend> {
  const row = await repo.findFriend(db, userId, friendId);
  if (!row) throw notFound();
  return presentFriend(row);
}

/**
 * `PUT /api/v1/friend/inviteCode`: befriends the code's owner. An unknown code answers 200003,
 * a code of an account that cannot log in 200006, one's own code 700009, a friend already 100011.
 */
export async function addByInviteCode(db: Database, userId: number, code: string, site: Quotas) {
  const inviter = await findByInviteCode(db, code.trim().toUpperCase());
  if (!inviter) throw new AppError(ErrorCode.userMissing, { detail: 'unknown invite code' });
  if (inviter.status !== 'active') throw new AppError(ErrorCode.userDisabled);
  return befriend(db, userId, inviter.id, site);
}

/**
 * The friends matching the keywords (all of them without), answered as the envelope's JSON text
 * (`FriendList` in `data`) that the database wrote: see `repo.listFriendsJson`.
 */
export async function listFriendsJson(
  db: Executor,
  userId: number,
  keywords: string,
): Promise<string> {
  const { list, total } = await repo.listFriendsJson(db, userId, keywords);
  return okJson(`{"list":${list},"total":${total}}`);
}

export async function listGroups(db: Executor, userId: number): Promise<FriendGroup[]> {
  const [groups, friends] = await Promise.all([
    groupsWithDefault(db, userId),
    repo.listFriends(db, userId),
  ]);
  return groups.map((group) => ({
    groupId: group.id,
    groupName: group.name,
    isDefault: group.isDefault,
    friendList: friends.filter((row) => row.friendship.groupId === group.id).map(presentFriend),
  }));
}

async function ownGroup(db: Executor, userId: number, groupId: string) {
  const group = (await repo.groupsOf(db, userId)).find((item) => item.id === groupId);
  if (!group) throw notFound();
  return group;
}

export async function updateFriend(
  db: Database,
  userId: number,
  friendId: number,
  changes: { remark?: string; groupId?: string },
) {
  if (changes.groupId) await ownGroup(db, userId, changes.groupId);
  if (!(await repo.updateFriendship(db, userId, friendId, changes))) throw notFound();
  return getFriend(db, userId, friendId);
}

/** Ends a friendship on both sides. */
export async function removeFriend(db: Database, userId: number, friendId: number) {
  if (!(await repo.deleteFriendship(db, userId, friendId))) throw notFound();
}

// --- groups ---------------------------------------------------------------------------------

export async function createGroup(db: Database, userId: number, name: string) {
  const groups = await groupsWithDefault(db, userId);
  const group = await repo.insertGroup(db, {
    userId,
    name,
    position: positionBetween(groups.at(-1)?.position ?? null, null),
  });
  if (!group) throw new Error('friend group insert returned no row');
  return { groupId: group.id };
}

export async function renameGroup(db: Database, userId: number, groupId: string, name: string) {
  await ownGroup(db, userId, groupId);
  await repo.updateGroup(db, groupId, { name });
}

/** Puts the named groups first, in that order; the others keep their order after them. */
export async function orderGroups(db: Database, userId: number, groupIds: string[]) {
  await db.transaction(async (tx) => {
    const groups = await groupsWithDefault(tx, userId);
    const known = new Set(groups.map((group) => group.id));
    if (groupIds.some((id) => !known.has(id))) throw notFound();
    const ordered = [...new Set(groupIds)];
    const rest = groups.filter((group) => !ordered.includes(group.id)).map((group) => group.id);
    let previous: string | null = null;
    for (const id of [...ordered, ...rest]) {
      previous = positionBetween(previous, null);
      await repo.updateGroup(tx, id, { position: previous });
    }
  });
}

/** Deletes a group; its friends go back to the default group, which cannot be deleted. */
export async function deleteGroup(db: Database, userId: number, groupId: string) {
  const group = await ownGroup(db, userId, groupId);
  if (group.isDefault) {
    throw new AppError(ErrorCode.operationNotAllowed, { detail: 'the default group stays' });
  }
  await db.transaction(async (tx) => {
    await repo.deleteGroup(tx, groupId, await defaultGroupId(tx, userId));
  });
}

// --- requests -------------------------------------------------------------------------------

/**
 * Asks someone, found by their exact phone, e-mail or numeric ID, to become friends. When they
 * had asked already, this answers their request: friends at once.
 */
export async function requestFriend(
  db: Database,
  userId: number,
  input: { account: string; message: string },
  site: Quotas,
) {
  const other = await findByAccount(db, input.account);
  if (!other || other.status !== 'active') throw new AppError(ErrorCode.userMissing);
  if (other.id === userId) {
    throw new AppError(ErrorCode.operationNotAllowed, { detail: 'one cannot befriend oneself' });
  }
  await requireFeature(db, userId, 'addFriend');
  if (await repo.findFriend(db, userId, other.id)) throw new AppError(ErrorCode.duplicate);
  const theirs = await repo.findPending(db, other.id, userId);
  if (theirs) return { request: null, friend: await accept(db, userId, theirs.id, site) };
  const mine = await repo.findPending(db, userId, other.id);
  let requestId = mine?.id;
  if (!requestId) {
    const me = await getUser(db, userId);
    try {
      requestId = await db.transaction(async (tx) => {
        const id = await repo.insertRequest(tx, {
          fromUserId: userId,
          toUserId: other.id,
          message: input.message,
        });
        // asked again while the first waits: told once, of the first
        await notifyPeople(tx, [
          {
            userId: other.id,
            type: 'invite',
            event: 'friendRequest',
            actorId: userId,
            title: me.nickname,
            excerpt: input.message,
            link: invitePath(id),
          },
        ]);
        return id;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      requestId = (await repo.findPending(db, userId, other.id))?.id;
      if (!requestId) throw error;
    }
  }
  const row = await repo.findRequest(db, requestId);
  return { request: row ? presentRequest(row, userId) : null, friend: null };
}

export async function listRequests(db: Executor, userId: number) {
  const [rows, pendingCount] = await Promise.all([
    repo.listRequests(db, userId),
    repo.countPendingIncoming(db, userId),
  ]);
  return { list: rows.map((row) => presentRequest(row, userId)), pendingCount };
}

async function accept(db: Database, userId: number, requestId: string, site: Quotas) {
  const row = await repo.findRequest(db, requestId);
  if (!row || row.request.toUserId !== userId) throw notFound();
  if (row.request.state !== 'pending') throw new AppError(ErrorCode.requestProcessed);
  let friend: Friend;
  try {
    friend = await befriend(db, userId, row.request.fromUserId, site);
  } catch (error) {
    // friends meanwhile (an invite code, the other request): the request is answered all the same
    if (!(error instanceof AppError && error.code === ErrorCode.duplicate)) throw error;
    friend = await getFriend(db, userId, row.request.fromUserId);
  }
  await repo.decideRequest(db, requestId, 'accepted');
  return friend;
}

/** Accepts (friends at once) or declines a request made to the user; answered once (500002). */
export async function decideRequest(
  db: Database,
  userId: number,
  requestId: string,
  accepted: boolean,
  site: Quotas,
) {
  if (accepted) return { friend: await accept(db, userId, requestId, site) };
  const row = await repo.findRequest(db, requestId);
  if (!row || row.request.toUserId !== userId) throw notFound();
  if (!(await repo.decideRequest(db, requestId, 'declined'))) {
    throw new AppError(ErrorCode.requestProcessed);
  }
  return { friend: null };
}
