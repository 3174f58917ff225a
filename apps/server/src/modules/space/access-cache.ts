// The spaces and nodes this instance has loaded for reads, each with the roles its caller holds in
// the space, so that an ordinary read (a page's blocks or details, a space's tree) does not ask
// the database whether the caller may read it. Like the session cache (session/session-cache.ts)
// it is trusted only while the database's announcements are heard: every change to what decides
// access — a node, a space, its member groups and their members, who is in which team, a team
// moved or deleted — is announced on `library_access` at commit (migration 0021), whichever code
// path made it, and every instance forgets what the announcement names as it hears it. While the
// listening connection is down nothing is kept. A logged-in write answers only once every instance
// has heard what it committed (`settled`, in app.ts), so a member removed on one instance is
// refused by any instance on the very next request. Writes never read from here: their access
// checks ask the database.
import type { DatabaseHandle } from '../../db/database.js';
import type { ChannelSubscription } from '../../db/channel.js';
import * as repo from './space.repo.js';

export const accessChannel = 'library_access';

/** A safety net, not the mechanism: announcements make entries go at once. */
const maxAgeMs = 60_000;
const maxEntries = 10_000;

export type FoundNode = NonNullable<Awaited<ReturnType<typeof repo.findLiveNode>>>;
export type FoundSpace = NonNullable<Awaited<ReturnType<typeof repo.findLiveSpace>>>;

interface Entry {
  found: FoundNode | FoundSpace;
  nodeId: string | null;
  spaceId: string;
  userId: number | null;
  storedAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the access cache's epoch when the request came in */
    accessEpoch: number;
  }
}

export interface AccessCache {
  /** `findLiveNode` (space.repo.ts) as of the last announcement; shared: never change it. */
  node(nodeId: string, userId: number | null): Promise<FoundNode | undefined>;
  /** `findLiveSpace` (space.repo.ts) as of the last announcement; shared: never change it. */
  space(spaceId: string, userId: number | null): Promise<FoundSpace | undefined>;
  /** Taken when a request comes in, handed to `settled` (see session-cache.ts). */
  epoch(): number;
  /**
   * Called by a write before it answers, with the epoch taken when it began: once this instance
   * has heard what the write committed, and when that changed access, once every instance has.
   */
  settled(since: number): Promise<void>;
  /**
   * Calls `listener` with each announcement (`node`, `space` or `user` and its id; `all` when any
   * may have been missed), until the returned function is called: for what holds access longer
   * than a request, such as a live editing connection.
   */
  watch(listener: (kind: string, id: string) => void): () => void;
  close(): Promise<void>;
}

const userKey = (userId: number | null) => (userId === null ? '' : String(userId));

/** Frozen: one object answers many requests, and none of them may change it for the others. */
function freeze<Found extends FoundNode | FoundSpace>(found: Found): Found {
  Object.freeze(found.space);
  Object.freeze(found.roles);
  if ('node' in found) Object.freeze(found.node);
  return Object.freeze(found);
}

export async function createAccessCache(database: DatabaseHandle): Promise<AccessCache> {
  const { db } = database;
  const entries = new Map<string, Entry>();
  let live = false;
  // raised by every announcement: a row read before it may be stale and is not kept
  let epoch = 0;

  const forgetWhere = (stale: (entry: Entry) => boolean) => {
    for (const [key, entry] of entries) if (stale(entry)) entries.delete(key);
  };
  const watchers = new Set<(kind: string, id: string) => void>();
  const tell = (kind: string, id: string) => {
    for (const watcher of watchers) watcher(kind, id);
  };
  const forgetAll = () => {
    epoch += 1;
    entries.clear();
  };

  const subscription: ChannelSubscription = await database.listen(accessChannel, {
    onMessage(payload) {
      epoch += 1;
      const separator = payload.indexOf(':');
      const kind = separator < 0 ? payload : payload.slice(0, separator);
      const id = payload.slice(separator + 1);
      if (kind === 'node') forgetWhere((entry) => entry.nodeId === id);
      else if (kind === 'space') forgetWhere((entry) => entry.spaceId === id);
      else if (kind === 'user') forgetWhere((entry) => userKey(entry.userId) === id);
      else forgetAll();
      tell(kind === 'node' || kind === 'space' || kind === 'user' ? kind : 'all', id);
    },
    onUp() {
      forgetAll();
      live = true;
      tell('all', '');
    },
    onDown() {
      live = false;
      forgetAll();
      tell('all', '');
    },
  });

  const cached = (key: string) => {
    if (!live) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > maxAgeMs) {
      entries.delete(key);
      return undefined;
    }
    return entry.found;
  };
  const keep = (key: string, entry: Entry, readEpoch: number) => {
    if (!live || readEpoch !== epoch) return;
    entries.delete(key);
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(key, entry);
  };

  return {
    async node(nodeId, userId) {
      const key = `n:${nodeId}:${userKey(userId)}`;
      const hit = cached(key) as FoundNode | undefined;
      if (hit) return hit;
      const readEpoch = epoch;
      const found = await repo.findLiveNode(db, nodeId, userId);
      if (!found) return undefined;
      const entry = { nodeId, spaceId: found.space.id, userId, storedAt: Date.now() };
      keep(key, { ...entry, found: freeze(found) }, readEpoch);
      return found;
    },
    async space(spaceId, userId) {
      const key = `s:${spaceId}:${userKey(userId)}`;
      const hit = cached(key) as FoundSpace | undefined;
      if (hit) return hit;
      const readEpoch = epoch;
      const found = await repo.findLiveSpace(db, spaceId, userId);
      if (!found) return undefined;
      const entry = { nodeId: null, spaceId, userId, storedAt: Date.now() };
      keep(key, { ...entry, found: freeze(found) }, readEpoch);
      return found;
    },
    epoch: () => epoch,
    watch(listener) {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
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
    /** who may read which space and node, as this instance last loaded it (reads only) */
    access: AccessCache;
  }
}
