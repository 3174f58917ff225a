// Served trees kept as their response text per space, each valid for one tree version: the
// space's tree_version is raised by triggers whenever a node's place, name, icon or link changes
// (migration 0007), so a version read before the rows can never label a stale tree. Every
// member sees the same tree, so one entry serves them all. Bounded by size, least recently
// used first out.

/** about sixty trees of 10,000 nodes */
const defaultMaxBytes = 64 * 1024 * 1024;

export interface TreeCache {
  get(spaceId: string, version: number): string | undefined;
  set(spaceId: string, version: number, body: string): void;
}

export function createTreeCache(maxBytes = defaultMaxBytes): TreeCache {
  const entries = new Map<string, { version: number; body: string }>();
  let bytes = 0;
  const drop = (spaceId: string) => {
    const entry = entries.get(spaceId);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(spaceId);
  };
  return {
    get(spaceId, version) {
      const entry = entries.get(spaceId);
      if (!entry || entry.version !== version) return undefined;
      // most recently used last
      entries.delete(spaceId);
      entries.set(spaceId, entry);
      return entry.body;
    },
    set(spaceId, version, body) {
      drop(spaceId);
      if (body.length > maxBytes) return;
      entries.set(spaceId, { version, body });
      bytes += body.length;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },
  };
}
