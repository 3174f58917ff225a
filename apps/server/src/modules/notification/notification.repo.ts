// Drizzle queries of notifications, watches and notification settings. The inbox's queries are
// scoped to their owner (notification.policy.ts).
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationEmailMode, WatchTargetType } from '@library/contract';
import type { Executor } from '../../db/database.js';
import { alias } from 'drizzle-orm/pg-core';
import {
  comments,
  notificationSettings,
  notifications,
  pageVersions,
  spaceNodes,
  users,
  watches,
} from '../../db/schema/index.js';
import { ownNotificationsSql } from './notification.policy.js';

/** Announced at commit with the ids a transaction added (`first-last`), heard by every instance. */
export const notificationChannel = 'library_notification';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

const withActor = {
  notification: notifications,
  actorNickname: users.nickname,
  actorAvatarKey: users.avatarKey,
};
export type NotificationWithActor = {
  notification: NotificationRow;
  actorNickname: string | null;
  actorAvatarKey: string | null;
};

/** Adds notifications and announces them (at commit) to the instances' live streams. */
export async function insertNotifications(tx: Executor, rows: NewNotification[]) {
  if (rows.length === 0) return;
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await tx
      .insert(notifications)
      .values(rows.slice(start, start + 500))
      .returning({ id: notifications.id });
    ids.push(...inserted.map((row) => row.id));
  }
  const first = Math.min(...ids);
  const last = Math.max(...ids);
  await tx.execute(sql`select pg_notify(${notificationChannel}, ${`${first}-${last}`})`);
}

export async function listNotifications(
  db: Executor,
  userId: number,
  options: { page: number; pageSize: number; unreadOnly: boolean },
): Promise<NotificationWithActor[]> {
  const where = options.unreadOnly
    ? and(ownNotificationsSql(userId), isNull(notifications.readAt))
    : ownNotificationsSql(userId);
  return db
    .select(withActor)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(options.pageSize)
    .offset(options.page * options.pageSize);
}

export async function countNotifications(db: Executor, userId: number) {
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
    })
    .from(notifications)
    .where(ownNotificationsSql(userId));
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

/** The notifications of a range for the given people (what a live stream sends). */
export async function notificationsInRange(
  db: Executor,
  first: number,
  last: number,
  userIds: number[],
): Promise<NotificationWithActor[]> {
  return db
    .select(withActor)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(
      and(
        sql`${notifications.id} between ${first} and ${last}`,
        inArray(notifications.userId, userIds),
      ),
    )
    .orderBy(notifications.id);
}

/** Marks one of the owner's notifications read; false when the owner has no such one. */
export async function markRead(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(ownNotificationsSql(userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Executor, userId: number) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(ownNotificationsSql(userId), isNull(notifications.readAt)));
}

export async function settingsOf(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row;
}

export async function saveSettings(
  db: Executor,
  userId: number,
  values: { email: NotificationEmailMode; muted: string[] },
) {
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { ...values, updatedAt: sql`now()` },
    });
}

/** What decides whether each of these people hears of something: status and muted kinds. */
export async function candidates(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return [];
  return (
    db
      .select({
        userId: users.id,
        status: users.status,
        muted: sql<string[]>`coalesce(${notificationSettings.muted}, '[]'::jsonb)`,
      })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      // one parameter however many they are (the watchers of a large space)
      .where(sql`${users.id} = any(string_to_array(${userIds.join(',')}, ',')::bigint[])`)
  );
}

export async function setWatch(
  db: Executor,
  values: {
    userId: number;
    targetType: WatchTargetType;
    targetId: string;
    spaceId: string;
    watching: boolean;
  },
) {
  await db
    .insert(watches)
    .values(values)
    .onConflictDoUpdate({
      target: [watches.userId, watches.targetType, watches.targetId],
      set: { watching: values.watching },
    });
}

export async function removeWatch(
  db: Executor,
  userId: number,
  targetType: WatchTargetType,
  targetId: string,
) {
  await db
    .delete(watches)
    .where(
      and(
        eq(watches.userId, userId),
        eq(watches.targetType, targetType),
        eq(watches.targetId, targetId),
      ),
    );
}

export async function watchOf(
  db: Executor,
  userId: number,
  targetType: WatchTargetType,
  targetId: string,
) {
  const [row] = await db
    .select({ watching: watches.watching })
    .from(watches)
    .where(
      and(
        eq(watches.userId, userId),
        eq(watches.targetType, targetType),
        eq(watches.targetId, targetId),
      ),
    );
  return row?.watching;
}

/** Every watch row on these targets (watching or, for an author, not). */
export async function watchesOn(db: Executor, targetIds: string[]) {
  if (targetIds.length === 0) return [];
  return db
    .select({
      userId: watches.userId,
      targetType: watches.targetType,
      targetId: watches.targetId,
      watching: watches.watching,
    })
    .from(watches)
    .where(inArray(watches.targetId, targetIds));
}

/** The page (or topic) and the topics above it. `union` stops even on a cycle. */
export async function nodeAndAncestors(db: Executor, nodeId: string): Promise<string[]> {
  const rows = await db.select({ id: spaceNodes.id }).from(spaceNodes)
    .where(sql`${spaceNodes.id} in (
      with recursive up(id, parent_id) as (
        select id, parent_id from space_nodes where id = ${nodeId}
        union
        select n.id, n.parent_id from space_nodes n join up on n.id = up.parent_id
      )
      select id from up)`);
  return rows.map((row) => row.id);
}

const parents = alias(comments, 'parent');

/** A live comment on a live page, with what a notice of it needs; undefined when either is gone. */
export async function commentNotice(db: Executor, commentId: string) {
  const [row] = await db
    .select({
      commentId: comments.id,
      content: comments.content,
      blockId: comments.blockId,
      authorId: comments.createdBy,
      parentAuthorId: parents.createdBy,
      pageId: spaceNodes.id,
      pageName: spaceNodes.name,
      pageCreatorId: spaceNodes.createdBy,
      spaceId: spaceNodes.spaceId,
    })
    .from(comments)
    .innerJoin(spaceNodes, eq(spaceNodes.id, comments.pageId))
    .leftJoin(parents, and(eq(parents.id, comments.parentId), isNull(parents.deletedAt)))
    .where(
      and(eq(comments.id, commentId), isNull(comments.deletedAt), isNull(spaceNodes.deletedAt)),
    );
  return row;
}

/** A published version of a live page, with what a notice of it needs. */
export async function publishNotice(db: Executor, pageId: string, version: number) {
  const [row] = await db
    .select({
      pageId: spaceNodes.id,
      pageName: spaceNodes.name,
      pageCreatorId: spaceNodes.createdBy,
      spaceId: spaceNodes.spaceId,
      versionName: pageVersions.name,
      publisherId: pageVersions.createdBy,
    })
    .from(pageVersions)
    .innerJoin(spaceNodes, eq(spaceNodes.id, pageVersions.pageId))
    .where(
      and(
        eq(pageVersions.pageId, pageId),
        eq(pageVersions.version, version),
        isNull(spaceNodes.deletedAt),
      ),
    );
  return row;
}

/** A live page, with what a notice of a mention in it needs. */
export async function pageNotice(db: Executor, pageId: string) {
  const [row] = await db
    .select({ pageName: spaceNodes.name, spaceId: spaceNodes.spaceId })
    .from(spaceNodes)
    .where(and(eq(spaceNodes.id, pageId), isNull(spaceNodes.deletedAt)));
  return row;
}

export async function unreadOfTypes(
  db: Executor,
  userId: number,
  types: NotificationRow['type'][],
  limit: number,
): Promise<NotificationWithActor[]> {
  return db
    .select(withActor)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(
      and(
        ownNotificationsSql(userId),
        isNull(notifications.readAt),
        inArray(notifications.type, types),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(limit);
}
