// Notification mail. At once (`email: immediate`): `notifyPeople` queues a job per recipient in
// the transaction that writes the notifications; the job mails what of them is still unread and
// not mailed, and is retried by the queue when the SMTP server fails. Daily (`email: daily`): one
// self-scheduling job wakes at 09:00 in MAIL_TIME_ZONE and queues a job per recipient, which
// mails the unread notifications since their last digest and records it, so a retry or a second
// instance never sends one twice. Without SMTP_URL the jobs send nothing (no mail is attempted).
import { mentionedUserIds, resolveLocale, type Locale } from '@library/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/database.js';
import { Job, type PayloadOf } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob, enqueueJobs } from '../../infra/jobs/job-queue.js';
import type { Mailer } from '../../infra/mail/mailer.js';
import { createTokenSigner } from '../../lib/signed-token.js';
import { mailLinks } from './notification.links.js';
import { composeMail, type MailItem } from './notification.mail-text.js';
import { mailedAs } from './notification.policy.js';
import * as repo from './notification.repo.js';
import { nextDigestAt } from './notification.schedule.js';

/** an unsubscribe link works this long (the settings link in the same mail always does) */
const unsubscribeTtlSeconds = 365 * 24 * 60 * 60;
/** a digest's first window, for someone who never had one */
const firstDigestWindowMs = 24 * 60 * 60 * 1000;
const digestAttempts = 10;

/** Signs and checks the unsubscribe links of mails (no login needed to follow one). */
export interface UnsubscribeSigner {
  /** the link's query: `user`, `expires`, `signature` */
  query(userId: number, now?: Date): string;
  verify(query: { user: string; expires: string; signature: string }, now?: Date): boolean;
}

export function createUnsubscribeSigner(secret: string): UnsubscribeSigner {
  const signer = createTokenSigner(secret, 'mail-unsubscribe');
  return {
    query(userId, now) {
      const { expires, signature } = signer.sign([String(userId)], unsubscribeTtlSeconds, now);
      return new URLSearchParams({
        user: String(userId),
        expires: String(expires),
        signature,
      }).toString();
    },
    verify(query, now) {
      return signer.verify([query.user], query.expires, query.signature, now);
    },
  };
}

export interface MailDeps {
  db: Database;
  /** unset: mail is not configured, nothing is sent */
  mailer: Mailer | undefined;
  publicUrl: string;
  timeZone: string;
  unsubscribe: UnsubscribeSigner;
  /** the clock of the digest's schedule */
  now: () => Date;
  log: FastifyBaseLogger;
}

/** The recipient's language: the one they last used, else zh_CN. */
const localeOf = (recipient: repo.MailRecipient): Locale =>
  resolveLocale(recipient.locale ?? undefined);

/** Mails these notifications (rows with their actors) to the recipient; answers their ids. */
async function sendMail(
  deps: MailDeps & { mailer: Mailer },
  recipient: repo.MailRecipient & { email: string },
  rows: repo.NotificationWithActor[],
  digest: boolean,
) {
  const links = mailLinks(deps.publicUrl, deps.unsubscribe.query(recipient.userId, deps.now()));
  // a comment's mentions `<@id>` read as @nickname in a mail
  const mentioned = rows.flatMap((row) => mentionedUserIds(row.notification.excerpt).map(Number));
  const names = await repo.nicknamesOf(deps.db, [...new Set(mentioned)]);
  const readable = (text: string) =>
    text.replace(/<@(\d{1,18})>/g, (token, id: string) => {
      const name = names.get(Number(id));
      return name ? `@${name}` : token;
    });
  const items: MailItem[] = rows.map(({ notification, actorNickname }) => ({
    type: notification.type,
    event: notification.event,
    actor: notification.actorId === null ? null : actorNickname,
    title: notification.title,
    excerpt: readable(notification.excerpt),
    createdAt: notification.createdAt,
    link: links.item(notification),
  }));
  const content = composeMail({
    locale: localeOf(recipient),
    timeZone: deps.timeZone,
    nickname: recipient.nickname,
    items,
    digest,
    links,
  });
  await deps.mailer.send({
    to: recipient.email,
    ...content,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    },
  });
  return rows.map((row) => row.notification.id);
}

const configured = (deps: MailDeps): deps is MailDeps & { mailer: Mailer } => !!deps.mailer;

/** `notification.mail`: the notifications just made for one person mailed at once. */
export function mailNotificationsHandler(deps: MailDeps) {
  return async ({ userId, notificationIds }: PayloadOf<typeof Job.mailNotifications>) => {
    if (!configured(deps)) return;
    const recipient = await repo.mailRecipient(deps.db, userId);
    // what the person chose may have changed since: they are asked again now
    if (!recipient?.email || !mailedAs(recipient, 'immediate')) return;
    const rows = await repo.unmailed(deps.db, userId, notificationIds);
    if (rows.length === 0) return;
    const ids = await sendMail(deps, { ...recipient, email: recipient.email }, rows, false);
    await repo.markMailed(deps.db, ids, deps.now());
  };
}

/** Queues the next digest at 09:00; a digest already waiting (same key) makes it a no-op. */
export function scheduleDigest(db: Executor, timeZone: string, now: Date) {
  return enqueueJob(db, Job.mailDigest, {}, { key: 'digest', runAt: nextDigestAt(now, timeZone) });
}

/** `notification.digest`: 09:00 — a digest job for each person who has something to read. */
export function digestHandler(deps: MailDeps) {
  return async () => {
    // mail switched off since: the chain ends here, and a start with mail on begins it again
    if (!configured(deps)) return;
    const now = deps.now();
    // the successor first: a run that fails must not end the chain
    await scheduleDigest(deps.db, deps.timeZone, now);
    const userIds = await repo.digestRecipients(
      deps.db,
      now,
      new Date(now.getTime() - firstDigestWindowMs),
    );
    await enqueueJobs(
      deps.db,
      Job.mailDigestTo,
      userIds.map((userId) => ({
        payload: { userId, until: now.toISOString() },
        key: String(userId),
      })),
      { maxAttempts: digestAttempts },
    );
  };
}

/** `notification.digest-mail`: one person's digest of what came in up to `until`. */
export function digestMailHandler(deps: MailDeps) {
  return async ({ userId, until }: PayloadOf<typeof Job.mailDigestTo>) => {
    if (!configured(deps)) return;
    const recipient = await repo.mailRecipient(deps.db, userId);
    if (!recipient?.email || !mailedAs(recipient, 'daily')) return;
    const end = new Date(until);
    const since = recipient.digestSentAt ?? new Date(end.getTime() - firstDigestWindowMs);
    const rows = await repo.unmailedBetween(deps.db, userId, since, end);
    if (rows.length === 0) return;
    const ids = await sendMail(deps, { ...recipient, email: recipient.email }, rows, true);
    await deps.db.transaction(async (tx) => {
      await repo.markMailed(tx, ids, deps.now());
      await repo.recordDigest(tx, userId, end);
    });
  };
}
