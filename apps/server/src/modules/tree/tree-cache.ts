// Served trees kept as their response text per space and audience, each valid for one tree
// version: the space's tree_version is raised by triggers whenever a node's place, name, icon,
// link or published version changes (migrations 0007 and 0008), so a version read before the
// rows can never label a stale tree. Editors see every page and readers and visitors only the
// published ones, so one entry serves each of the two audiences. Bounded by size, least
// recently used first out.
import type { Audience } from '../space/index.js';

/** about sixty trees of 10,000 nodes */
const defaultMaxBytes = 64 * 1024 * 1024;

export interface TreeCache {
  get(spaceId: string, audience: Audience, version: number): string | undefined;
  set(spaceId: string, audience: Audience, version: number, body: string): void;
}

export function createTreeCache(maxBytes = defaultMaxBytes): TreeCache {
  const entries = new Map<string, { version: number; body: string }>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  };
  return {
    get(spaceId, audience, version) {
      const key = `${spaceId}:${audience}`;
      const entry = entries.get(key);
      if (!entry || entry.version !== version) return undefined;
      // most recently used last
      entries.delete(key);
      entries.set(key, entry);
      return entry.body;
    },
    set(spaceId, audience, version, body) {
      const key = `${spaceId}:${audience}`;
      drop(key);
      if (body.length > maxBytes) return;
      entries.set(key, { version, body });
      bytes += body.length;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },
  };
}
