// The personal access keys this instance has resolved, by token hash, so that an MCP call does
// not ask the database for its key each time (docs/decisions/mcp.md). It rides on the session
// cache (session/session-cache.ts) and its `library_session` announcements, whose payload is a
// user id: a user updated (disabled) or deleted is announced by the triggers of migration 0009,
// and a key revoked by its revocation, in the same transaction (access-key.service.ts) — every
// instance forgets that user's keys as it hears it. Nothing is kept while the announcements are
// not heard, and a key read before an announcement is not kept (the session cache's epoch). The
// revocation is a logged-in write, so it answers only once every instance has heard it (the
// session cache's `settled`, app.ts): the revoked key is refused on the very next request
// wherever it lands.
import type { SessionCache } from '../session/index.js';
import type { LiveKey } from './access-key.repo.js';

/** A safety net, not the mechanism: announcements make entries go at once. */
const maxAgeMs = 60_000;
const maxEntries = 10_000;

export interface AccessKeyCache {
  /** The key as last read; its `lastUsedAt` may be moved on by its user (resolveAccessKey). */
  get(tokenHash: string): LiveKey | undefined;
  /** Keeps a key read from the database, unless an announcement came in since `epoch`. */
  set(tokenHash: string, key: LiveKey, epoch: number): void;
  /** Taken before reading a key from the database. */
  epoch(): number;
}

export function createAccessKeyCache(sessions: SessionCache): AccessKeyCache {
  const entries = new Map<string, { key: LiveKey; storedAt: number }>();
  sessions.onForget((userId) => {
    if (userId === null) entries.clear();
    else for (const [hash, entry] of entries) if (entry.key.userId === userId) entries.delete(hash);
  });

  return {
    get(tokenHash) {
      if (!sessions.live()) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (Date.now() - entry.storedAt > maxAgeMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.key;
    },
    set(tokenHash, key, readEpoch) {
      if (!sessions.live() || readEpoch !== sessions.epoch()) return;
      entries.delete(tokenHash);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(tokenHash, { key, storedAt: Date.now() });
    },
    epoch: () => sessions.epoch(),
  };
}
