// Sessions this instance has resolved, by token hash, so that an ordinary read does not ask the
// database who the caller is. It is trusted only while the database's announcements are heard:
// a revoked or deleted token and a changed or deleted user are announced on `library_session`
// at commit (migration 0009, whichever code path made the change), and every instance forgets
// that user's sessions as it hears it. While the listening connection is down nothing is kept.
import type { DatabaseHandle } from '../../db/database.js';
import type { ActiveToken } from './session.repo.js';

export const sessionChannel = 'library_session';

/** A safety net, not the mechanism: announcements make entries go at once. */
const maxAgeMs = 60_000;
const maxEntries = 10_000;

interface Entry {
  row: ActiveToken;
  storedAt: number;
}

export interface SessionCache {
  get(tokenHash: string): ActiveToken | undefined;
  /** Keeps a row read from the database, unless an announcement came in since `epoch`. */
  set(tokenHash: string, row: ActiveToken, epoch: number): void;
  /** Taken before reading a row from the database, handed back to `set`. */
  epoch(): number;
  /**
   * Called by a write before it answers, with the epoch taken when it began: once this instance
   * has heard what the write committed, and when that (or anything else) changed a session, once
   * every instance has — so the writer's next request finds it forgotten wherever it lands.
   */
  settled(since: number): Promise<void>;
  /**
   * Calls `listener` each time something about the user's sessions is announced (a token
   * revoked, the user changed), until the returned function is called.
   */
  watchUser(userId: number, listener: () => void): () => void;
  /**
   * Calls `forget` with the user id of each announcement, and with null whenever everything kept
   * must go (the channel went down or came back): for what else is kept on these announcements
   * (access-key/access-key-cache.ts).
   */
  onForget(forget: (userId: number | null) => void): void;
  /** Whether announcements are heard now: nothing may be kept while they are not. */
  live(): boolean;
  close(): Promise<void>;
}

export async function createSessionCache(database: DatabaseHandle): Promise<SessionCache> {
  const entries = new Map<string, Entry>();
  const byUser = new Map<number, Set<string>>();
  const watchers = new Map<number, Set<() => void>>();
  const forgetters: Array<(userId: number | null) => void> = [];
  let live = false;
  // raised by every announcement: a row read before it may be stale and is not kept
  let epoch = 0;

  const forget = (tokenHash: string) => {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    const hashes = byUser.get(entry.row.user.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) byUser.delete(entry.row.user.id);
  };
  const forgetAll = () => {
    epoch += 1;
    entries.clear();
    byUser.clear();
    for (const forget of forgetters) forget(null);
  };

  const subscription = await database.listen(sessionChannel, {
    onMessage(payload) {
      epoch += 1;
      const userId = Number(payload);
      for (const tokenHash of byUser.get(userId) ?? []) forget(tokenHash);
      for (const listener of watchers.get(userId) ?? []) listener();
      for (const forget of forgetters) forget(userId);
    },
    onUp() {
      forgetAll();
      live = true;
    },
    onDown() {
      live = false;
      forgetAll();
    },
  });

  return {
    get(tokenHash) {
      if (!live) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (Date.now() - entry.storedAt > maxAgeMs) {
        forget(tokenHash);
        return undefined;
      }
      return entry.row;
    },
    set(tokenHash, row, readEpoch) {
      if (!live || readEpoch !== epoch) return;
      forget(tokenHash);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) forget(oldest.value);
      }
      entries.set(tokenHash, { row, storedAt: Date.now() });
      const hashes = byUser.get(row.user.id) ?? new Set<string>();
      hashes.add(tokenHash);
      byUser.set(row.user.id, hashes);
    },
    epoch: () => epoch,
    watchUser(userId, listener) {
      const listeners = watchers.get(userId) ?? new Set();
      listeners.add(listener);
      watchers.set(userId, listeners);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) watchers.delete(userId);
      };
    },
    onForget(forget) {
      forgetters.push(forget);
    },
    live: () => live,
    async settled(since) {
      await subscription.settled();
      if (epoch !== since) await subscription.settledEverywhere();
    },
    async close() {
      live = false;
      forgetAll();
      await subscription.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the sessions this instance keeps; a change made outside a request settles through it */
    sessions: SessionCache;
  }
}
