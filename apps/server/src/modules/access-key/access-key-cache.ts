// The personal access keys this instance has resolved, by token hash, so that an MCP call does
// not ask the database for its key each time (docs/decisions/mcp.md). Like the session cache
// (session/session-cache.ts) it is trusted only while the database's announcements are heard, and
// it hears the same channel, `library_session`, whose payload is a user id: a user updated
// (disabled) or deleted is announced by the triggers of migration 0009, and a key revoked by its
// revocation, in the same transaction (access-key.repo.ts) — every instance forgets that user's
// keys as it hears it. While the listening connection is down nothing is kept. The revocation is
// a logged-in write, so it answers only once every instance has heard it (`settled`, app.ts): the
// revoked key is refused on the very next request wherever it lands.
import type { DatabaseHandle } from '../../db/database.js';
import { sessionChannel } from '../session/session-cache.js';
import type { LiveKey } from './access-key.repo.js';

/** A safety net, not the mechanism: announcements make entries go at once. */
const maxAgeMs = 60_000;
const maxEntries = 10_000;

export interface AccessKeyCache {
  /** The key as last read; its `lastUsedAt` may be moved on by its user (resolveAccessKey). */
  get(tokenHash: string): LiveKey | undefined;
  /** Keeps a key read from the database, unless an announcement came in since `epoch`. */
  set(tokenHash: string, key: LiveKey, epoch: number): void;
  /** Taken before reading a key from the database (or when a request comes in). */
  epoch(): number;
  /** See SessionCache.settled: once every instance has heard what a write committed. */
  settled(since: number): Promise<void>;
  close(): Promise<void>;
}

export async function createAccessKeyCache(database: DatabaseHandle): Promise<AccessKeyCache> {
  const entries = new Map<string, { key: LiveKey; storedAt: number }>();
  let live = false;
  let epoch = 0;

  const forgetAll = () => {
    epoch += 1;
    entries.clear();
  };

  const subscription = await database.listen(sessionChannel, {
    onMessage(payload) {
      epoch += 1;
      const userId = Number(payload);
      for (const [hash, entry] of entries) if (entry.key.userId === userId) entries.delete(hash);
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
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.key;
    },
    set(tokenHash, key, readEpoch) {
      if (!live || readEpoch !== epoch) return;
      entries.delete(tokenHash);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(tokenHash, { key, storedAt: Date.now() });
    },
    epoch: () => epoch,
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
