// Queries of friends, friend groups and friend requests.
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { friendGroups, friendRequests, friendships, users } from '../../db/schema/index.js';
import { byPosition } from '../../lib/position.js';
import { containsPattern } from '../../lib/search-pattern.js';

export type FriendGroupRow = typeof friendGroups.$inferSelect;
export type FriendRequestRow = typeof friendRequests.$inferSelect;

const friendColumns = {
  friendship: friendships,
  friend: { id: users.id, nickname: users.nickname, avatarKey: users.avatarKey },
};

/** The condition of the friend list: the user's friends matching the keywords, if any. */
function friendsMatching(userId: number, keywords: string) {
  const pattern = containsPattern(keywords);
  return and(
    eq(friendships.userId, userId),
    keywords
      ? or(
          ilike(users.nickname, pattern),
          ilike(friendships.remark, pattern),
          ilike(users.mobile, pattern),
          /^\d{1,15}$/.test(keywords) ? eq(users.id, Number(keywords)) : undefined,
        )
      : undefined,
  );
}

/** The user's friends matching the keywords (name, remark, phone or numeric ID). */
export async function listFriends(db: Executor, userId: number, keywords = '') {
  return db
    .select(friendColumns)
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(friendsMatching(userId, keywords))
    .orderBy(asc(friendships.createdAt), asc(friendships.friendId));
}

/**
 * One friend as `presentFriend` writes it with JSON.stringify, key for key and byte for byte: the
 * id as a string, the avatar's path as `avatarPath` makes it (null without an avatar key), the
 * time in UTC to the millisecond (to_char's MS truncates, as the driver's Date does).
 */
const friendJson = sql<string>`'{"userId":"' || ${users.id} || '","nickname":' || to_json(${users.nickname})
  || ',"avatar":' || case when ${users.avatarKey} <> ''
    then to_json('/v1/user/avatar/' || ${users.id} || '?v=' || left(${users.avatarKey}, 8))::text
    else 'null' end
  || ',"remark":' || to_json(${friendships.remark}) || ',"groupId":"' || ${friendships.groupId}
  || '","createdAt":"' || to_char(${friendships.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  || '"}'`;

/**
 * `listFriends` as the JSON text of its presented list, with the count, put together by the
 * database: a list of 5,000 friends leaves the database as one text instead of 5,000 rows that
 * were mapped, presented and serialised again here (docs/performance.md, "Friends").
 */
export async function listFriendsJson(
  db: Executor,
  userId: number,
  keywords = '',
): Promise<{ list: string; total: number }> {
  const [row] = await db
    .select({
      list: sql<string>`coalesce('[' || string_agg(${friendJson}, ',' order by ${friendships.createdAt}, ${friendships.friendId}) || ']', '[]')`,
      total: count(),
    })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(friendsMatching(userId, keywords));
  return row ?? { list: '[]', total: 0 };
}

export async function findFriend(db: Executor, userId: number, friendId: number) {
  const [row] = await db
    .select(friendColumns)
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)))
    .limit(1);
  return row;
}

export async function insertFriendship(
  db: Executor,
  row: { userId: number; friendId: number; groupId: string },
) {
  await db.insert(friendships).values(row);
}

export async function updateFriendship(
  db: Executor,
  userId: number,
  friendId: number,
  changes: { remark?: string; groupId?: string },
) {
  const rows = await db
    .update(friendships)
    .set(changes)
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)))
    .returning({ friendId: friendships.friendId });
  return rows.length > 0;
}

/** Ends a friendship on both sides; false when there was none. */
export async function deleteFriendship(db: Executor, userId: number, friendId: number) {
  const rows = await db
    .delete(friendships)
    .where(
      or(
        and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)),
        and(eq(friendships.userId, friendId), eq(friendships.friendId, userId)),
      ),
    )
    .returning({ userId: friendships.userId });
  return rows.length > 0;
}

// --- groups ---------------------------------------------------------------------------------

export async function groupsOf(db: Executor, userId: number) {
  return db
    .select()
    .from(friendGroups)
    .where(eq(friendGroups.userId, userId))
    .orderBy(byPosition(friendGroups.position), asc(friendGroups.createdAt));
}

export async function insertGroup(db: Executor, values: typeof friendGroups.$inferInsert) {
  const [row] = await db.insert(friendGroups).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateGroup(
  db: Executor,
  groupId: string,
  changes: { name?: string; position?: string },
) {
  await db.update(friendGroups).set(changes).where(eq(friendGroups.id, groupId));
}

/** Moves the friends of `fromGroupId` to `toGroupId`, then deletes the emptied group. */
export async function deleteGroup(db: Executor, fromGroupId: string, toGroupId: string) {
  await db
    .update(friendships)
    .set({ groupId: toGroupId })
    .where(eq(friendships.groupId, fromGroupId));
  await db.delete(friendGroups).where(eq(friendGroups.id, fromGroupId));
}

// --- requests -------------------------------------------------------------------------------

const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');
const person = (table: typeof sender | typeof receiver) => ({
  id: table.id,
  nickname: table.nickname,
  avatarKey: table.avatarKey,
});

const withPeople = (db: Executor) =>
  db
    .select({ request: friendRequests, from: person(sender), to: person(receiver) })
    .from(friendRequests)
    .innerJoin(sender, eq(sender.id, friendRequests.fromUserId))
    .innerJoin(receiver, eq(receiver.id, friendRequests.toUserId));

/** The user's pending requests both ways and the last 50 answered ones, newest first. */
export async function listRequests(db: Executor, userId: number) {
  return withPeople(db)
    .where(or(eq(friendRequests.toUserId, userId), eq(friendRequests.fromUserId, userId)))
    .orderBy(desc(friendRequests.createdAt))
    .limit(100);
}

export async function countPendingIncoming(db: Executor, userId: number) {
  const [row] = await db
    .select({ value: count() })
    .from(friendRequests)
    .where(and(eq(friendRequests.toUserId, userId), eq(friendRequests.state, 'pending')));
  return row?.value ?? 0;
}

export async function findRequest(db: Executor, requestId: string) {
  const [row] = await withPeople(db).where(eq(friendRequests.id, requestId)).limit(1);
  return row;
}

/** A pending request from one user to another. */
export async function findPending(db: Executor, fromUserId: number, toUserId: number) {
  const [row] = await db
    .select({ id: friendRequests.id })
    .from(friendRequests)
    .where(
      and(
        eq(friendRequests.fromUserId, fromUserId),
        eq(friendRequests.toUserId, toUserId),
        eq(friendRequests.state, 'pending'),
      ),
    )
    .limit(1);
  return row;
}

export async function insertRequest(
  db: Executor,
  row: { fromUserId: number; toUserId: number; message: string },
) {
  const [created] = await db
    .insert(friendRequests)
    .values(row)
    .returning({ id: friendRequests.id });
  if (!created) throw new Error('friend request insert returned no row');
  return created.id;
}

/** Answers a pending request; false when it was answered already. */
export async function decideRequest(
  db: Executor,
  requestId: string,
  state: 'accepted' | 'declined',
) {
  const rows = await db
    .update(friendRequests)
    .set({ state, decidedAt: new Date() })
    .where(and(eq(friendRequests.id, requestId), eq(friendRequests.state, 'pending')))
    .returning({ id: friendRequests.id });
  return rows.length > 0;
}

/** Holds both people's rows in id order (no deadlock), so their friend counts are checked in turn. */
export async function lockPair(db: Executor, first: number, second: number) {
  await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [first, second]))
    .orderBy(users.id)
    .for('no key update');
}

/**
 * The friend requests the user received or sent, as rows of the address book's 'new invites'
 * list (invite.repo.ts unites them with the team invitations and join requests).
 */
export function friendRequestInviteRows(userId: number): SQL {
  return sql`select r.id, 'friendRequest' as kind, r.state, r.from_user_id as from_id,
      r.to_user_id as to_id, null::uuid as team_id, r.message, r.created_at, r.decided_at,
      case when r.to_user_id = ${userId} then 'received' else 'sent' end as direction
    from friend_requests r
    where r.to_user_id = ${userId} or r.from_user_id = ${userId}`;
}
