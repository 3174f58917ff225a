// The inbox (list, read, read all), notification settings, and `notifyPeople`: the one way a
// notification is made, for every module that tells someone of something.
import {
  ErrorCode,
  notificationTypes,
  type Locale,
  type NotificationEvent,
  type NotificationList,
  type NotificationSettings,
  type NotificationType,
  type UpdateNotificationSettings,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import { recordLocale } from '../user/index.js';
import { mailedAs, wantsToHear } from './notification.policy.js';
import { presentNotification, presentSettings } from './notification.presenter.js';
import * as repo from './notification.repo.js';

/** an excerpt keeps this many characters of what was said */
const excerptMax = 140;

function excerptOf(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > excerptMax ? `${chars.slice(0, excerptMax).join('')}…` : chars.join('');
}

export async function listNotifications(
  db: Database,
  userId: number,
  options: { page: number; pageSize: number; unreadOnly: boolean },
): Promise<NotificationList> {
  const [rows, counts] = await Promise.all([
    repo.listNotifications(db, userId, options),
    repo.countNotifications(db, userId),
  ]);
  return {
    list: rows.map(presentNotification),
    total: options.unreadOnly ? counts.unread : counts.total,
    unread: counts.unread,
  };
}

/** Another person's notification does not exist for the caller. */
export async function markRead(db: Database, userId: number, id: string): Promise<void> {
  if (!(await repo.markRead(db, userId, Number(id)))) throw new AppError(ErrorCode.dataMissing);
}

export async function markAllRead(db: Database, userId: number): Promise<void> {
  await repo.markAllRead(db, userId);
}

export async function getSettings(
  db: Database,
  userId: number,
  emailAvailable: boolean,
): Promise<NotificationSettings> {
  return presentSettings(await repo.settingsOf(db, userId), emailAvailable);
}

/**
 * Saves the person's settings; the language they save them in is the one their mail is written
 * in from now on (as is the language of their next login).
 */
export async function updateSettings(
  db: Database,
  userId: number,
  change: UpdateNotificationSettings,
  context: { emailAvailable: boolean; locale: Locale },
): Promise<NotificationSettings> {
  const current = await getSettings(db, userId, context.emailAvailable);
  const types = { ...current.types, ...change.types };
  const muted = notificationTypes.filter((type) => types[type] === false);
  const email = change.email ?? current.email;
  await db.transaction(async (tx) => {
    await repo.saveSettings(tx, userId, { email, muted });
    await recordLocale(tx, userId, context.locale);
  });
  return presentSettings({ email, muted }, context.emailAvailable);
}

/** One person to tell of something. */
export interface Notice {
  userId: number;
  type: NotificationType;
  /** who did it; never told of it themselves. Null: the system (an order paid) */
  actorId: number | null;
  /** what happened, for the kinds that stand for several things */
  event?: NotificationEvent | null;
  spaceId?: string | null;
  pageId?: string | null;
  commentId?: string | null;
  blockId?: string | null;
  /** the web app's path of what it is about, when it is not a page */
  link?: string | null;
  title: string;
  /** cut to an excerpt here */
  excerpt?: string;
}

/** how often an immediate mail is tried before it is given up (about 17 minutes of retries) */
const mailAttempts = 10;

/**
 * Tells each person who wants to hear of it (wantsToHear: not its actor, active, the kind not
 * muted) and, when given, whom `mayKnow` keeps of them (asked once for them all). The notifications are written in `db`'s
 * transaction (a savepoint when it is one already, so they stand or fall with the change they
 * tell of), and with them a mail job for each person mailed at once. Answers how many were told.
 */
export async function notifyPeople(
  db: Executor,
  notices: Notice[],
  options: { mayKnow?: (userIds: number[]) => Promise<Set<number>> } = {},
): Promise<number> {
  if (notices.length === 0) return 0;
  const people = new Map(
    (await repo.candidates(db, [...new Set(notices.map((notice) => notice.userId))])).map(
      (person) => [person.userId, person],
    ),
  );
  const wanted = notices.filter((notice) => {
    const person = people.get(notice.userId);
    return person !== undefined && wantsToHear(person, notice.type, notice.actorId);
  });
  const knowing = options.mayKnow
    ? await options.mayKnow([...new Set(wanted.map((notice) => notice.userId))])
    : undefined;
  const rows: repo.NewNotification[] = [];
  for (const notice of wanted) {
    if (knowing && !knowing.has(notice.userId)) continue;
    rows.push({
      userId: notice.userId,
      type: notice.type,
      actorId: notice.actorId,
      event: notice.event ?? null,
      spaceId: notice.spaceId ?? null,
      pageId: notice.pageId ?? null,
      commentId: notice.commentId ?? null,
      blockId: notice.blockId ?? null,
      link: notice.link ?? null,
      title: notice.title,
      excerpt: excerptOf(notice.excerpt ?? ''),
    });
  }
  if (rows.length === 0) return 0;
  await db.transaction(async (tx) => {
    const added = await repo.insertNotifications(tx, rows);
    const mailNow = new Map<number, number[]>();
    for (const { id, userId } of added) {
      if (!mailedAs(people.get(userId)!, 'immediate')) continue;
      mailNow.set(userId, [...(mailNow.get(userId) ?? []), id]);
    }
    for (const [userId, notificationIds] of mailNow) {
      await enqueueJob(
        tx,
        Job.mailNotifications,
        { userId, notificationIds },
        { maxAttempts: mailAttempts },
      );
    }
  });
  return rows.length;
}

/** The caller's unread mentions and replies, newest first (the home page's first list). */
export async function unreadMentions(db: Database, userId: number, limit: number) {
  return (await repo.unreadOfTypes(db, userId, ['mention', 'reply'], limit)).map(
    presentNotification,
  );
}
