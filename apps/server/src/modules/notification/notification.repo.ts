// Drizzle queries of notifications and notification settings, and of what mailing them needs.
// The inbox's queries are scoped to their owner (notification.policy.ts).
import { and, count, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { NotificationEmailMode } from '@library/contract';
import type { Executor } from '../../db/database.js';
import { notificationSettings, notifications, users } from '../../db/schema/index.js';
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
  if (rows.length === 0) return [];
  const added: Array<{ id: number; userId: number }> = [];
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await tx
      .insert(notifications)
      .values(rows.slice(start, start + 500))
      .returning({ id: notifications.id, userId: notifications.userId });
    added.push(...inserted);
  }
  const ids = added.map((row) => row.id);
  const first = Math.min(...ids);
  const last = Math.max(...ids);
  await tx.execute(sql`select pg_notify(${notificationChannel}, ${`${first}-${last}`})`);
  return added;
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

const emailModeSql = sql<NotificationEmailMode>`coalesce(${notificationSettings.email}, 'off')`;

/**
 * What decides whether each of these people hears of something (status, muted kinds) and
 * whether they are mailed of it at once (address, e-mail mode).
 */
export async function candidates(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return [];
  return (
    db
      .select({
        userId: users.id,
        status: users.status,
        muted: sql<string[]>`coalesce(${notificationSettings.muted}, '[]'::jsonb)`,
        email: users.email,
        emailMode: emailModeSql,
      })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      // one parameter however many they are (the watchers of a large space)
      .where(sql`${users.id} = any(string_to_array(${userIds.join(',')}, ',')::bigint[])`)
  );
}

/** Who a mail goes to, in what language, and how they want it. */
export async function mailRecipient(db: Executor, userId: number) {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      status: users.status,
      nickname: users.nickname,
      locale: users.locale,
      emailMode: emailModeSql,
      digestSentAt: notificationSettings.digestSentAt,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export type MailRecipient = NonNullable<Awaited<ReturnType<typeof mailRecipient>>>;

const unmailedOf = (userId: number) =>
  and(ownNotificationsSql(userId), isNull(notifications.readAt), isNull(notifications.mailedAt));

/** Those of these notifications of the person still unread and not mailed, oldest first. */
export async function unmailed(db: Executor, userId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(withActor)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(unmailedOf(userId), inArray(notifications.id, ids)))
    .orderBy(notifications.id);
}

/** The person's unread, unmailed notifications that came in (since, until], oldest first. */
export async function unmailedBetween(db: Executor, userId: number, since: Date, until: Date) {
  return db
    .select(withActor)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(
      and(
        unmailedOf(userId),
        gt(notifications.createdAt, since),
        lte(notifications.createdAt, until),
      ),
    )
    .orderBy(notifications.id);
}

/**
 * The people a digest made at `until` goes to: mailed daily, active, with an address, and with
 * something unread and unmailed since their last digest (or, before their first, `firstSince`).
 */
export async function digestRecipients(db: Executor, until: Date, firstSince: Date) {
  const rows = await db
    .select({ userId: users.id })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .where(
      and(
        eq(notificationSettings.email, 'daily'),
        eq(users.status, 'active'),
        sql`${users.email} is not null`,
        sql`exists (select 1 from ${notifications} n
          where n.user_id = ${users.id} and n.read_at is null and n.mailed_at is null
            and n.created_at > coalesce(${notificationSettings.digestSentAt},
              ${firstSince.toISOString()}::timestamptz)
            and n.created_at <= ${until.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(users.id);
  return rows.map((row) => row.userId);
}

export async function markMailed(db: Executor, ids: number[], at: Date) {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ mailedAt: at })
    .where(and(inArray(notifications.id, ids), isNull(notifications.mailedAt)));
}

/** Records the person's digest of `at`: the next one lists what comes after it. */
export async function recordDigest(db: Executor, userId: number, at: Date) {
  await db
    .update(notificationSettings)
    .set({ digestSentAt: at })
    .where(eq(notificationSettings.userId, userId));
}

/** The nicknames of these people (those mentioned in what a mail quotes). */
export async function nicknamesOf(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.nickname]));
}

/** Turns mail off for the person (the unsubscribe link); false when there is no such person. */
export async function stopMail(db: Executor, userId: number) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  await db
    .insert(notificationSettings)
    .values({ userId, email: 'off' })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { email: 'off', updatedAt: sql`now()` },
    });
  return true;
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
