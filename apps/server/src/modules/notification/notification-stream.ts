// The live streams of the inbox on this instance. Notifications are announced at commit with the
// range of ids a transaction added (`library_notification`, every instance hears it); each
// instance reads the range for the people with a stream open here and sends each one its own.
import type { FastifyBaseLogger } from 'fastify';
import type { Notification } from '@library/contract';
import type { DatabaseHandle } from '../../db/database.js';
import { presentNotification } from './notification.presenter.js';
import { notificationChannel, notificationsInRange } from './notification.repo.js';

export interface NotificationStreams {
  /** Sends this person's new notifications to `send` until the returned function is called. */
  open(userId: number, send: (notification: Notification) => void): () => void;
  close(): Promise<void>;
}

export async function createNotificationStreams(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<NotificationStreams> {
  const open = new Map<number, Set<(notification: Notification) => void>>();
  // ranges are read one after another, so each person gets theirs in commit order
  let reading: Promise<void> = Promise.resolve();

  const sendRange = async (first: number, last: number) => {
    const userIds = [...open.keys()];
    if (userIds.length === 0) return;
    const rows = await notificationsInRange(database.db, first, last, userIds);
    for (const row of rows) {
      const notification = presentNotification(row);
      for (const send of open.get(row.notification.userId) ?? []) send(notification);
    }
  };

  const subscription = await database.listen(notificationChannel, {
    onMessage(payload) {
      const [first, last] = payload.split('-').map(Number);
      if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last)) return;
      reading = reading
        .then(() => sendRange(first!, last!))
        .catch((error: unknown) => log.warn({ err: error }, 'notifications not streamed'));
    },
    // a stream that missed announcements while the connection was down is caught up by the
    // inbox the client reads again when it reconnects
    onUp() {},
    onDown() {},
  });

  return {
    open(userId, send) {
      const sends = open.get(userId) ?? new Set();
      sends.add(send);
      open.set(userId, sends);
      return () => {
        sends.delete(send);
        if (sends.size === 0 && open.get(userId) === sends) open.delete(userId);
      };
    },
    async close() {
      open.clear();
      await subscription.close();
    },
  };
}
