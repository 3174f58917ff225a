// Keeps the inbox live while logged in: one stream per login, opened again after a drop with a
// growing wait (lib/reconnect-delay.ts). What arrives goes into the cache — the bell's count and
// any inbox pages already loaded — so nothing is asked again for it; after a reconnection the
// whole inbox is asked again, for what came while the stream was down.
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Notification } from '@library/contract';
import { getToken, useSessionStore } from '../../../stores/session-store';
import { handleSessionExpired } from '../../auth';
import { notificationKeys } from '../api/keys';
import { NotificationStreamError, readNotificationStream } from '../api/stream-notifications';
import { withNewNotification, type InboxPages } from '../lib/inbox-cache';
import { reconnectDelay } from '../lib/reconnect-delay';

/** a stream that stayed open this long starts the waits from the shortest again */
const steadyMs = 30_000;

export interface StreamLoopOptions {
  signal: AbortSignal;
  onNotification: (item: Notification) => void;
  /** the stream is open again after a drop: what came meanwhile is missing */
  onReconnect: () => void;
  /** the login was revoked or has expired */
  onSessionOver: () => void;
  /** waits before the next attempt (the tests' clock) */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** Reads the stream, and again after each drop, until aborted or the login is over. */
export async function keepNotificationStream(options: StreamLoopOptions): Promise<void> {
  const { signal, onNotification, onReconnect, onSessionOver, wait = sleep } = options;
  let attempt = 0;
  let openedBefore = false;
  while (!signal.aborted) {
    let openedAt: number | null = null;
    try {
      const end = await readNotificationStream({
        signal,
        onNotification,
        onOpen: () => {
          openedAt = Date.now();
          if (openedBefore) onReconnect();
          openedBefore = true;
        },
      });
      if (end === 'session-over') {
        onSessionOver();
        return;
      }
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof NotificationStreamError && error.sessionOver) {
        onSessionOver();
        return;
      }
    }
    if (signal.aborted) return;
    if (openedAt !== null && Date.now() - openedAt >= steadyMs) attempt = 0;
    await wait(reconnectDelay(attempt), signal);
    attempt += 1;
  }
}

/** Puts a streamed notification into the cache: the bell counts it, loaded pages show it. */
export function addStreamedNotification(queryClient: QueryClient, item: Notification): void {
  if (!item.read) {
    queryClient.setQueryData<number>(notificationKeys.unread, (count) => (count ?? 0) + 1);
  }
  queryClient.setQueryData<InboxPages>(notificationKeys.list(false), (data) =>
    withNewNotification(data, item),
  );
  if (!item.read) {
    queryClient.setQueryData<InboxPages>(notificationKeys.list(true), (data) =>
      withNewNotification(data, item),
    );
  }
}

/** The inbox's live stream, for as long as this login lasts (the app shell holds it). */
export function useNotificationStream(): void {
  const token = useSessionStore((state) => state.token);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    void keepNotificationStream({
      signal: controller.signal,
      onNotification: (item) => addStreamedNotification(queryClient, item),
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      // our own logout revokes the login too; only a login still in use has ended elsewhere
      onSessionOver: () => {
        if (!controller.signal.aborted && getToken() === token) handleSessionExpired();
      },
    });
    return () => controller.abort();
  }, [token, queryClient]);
}
