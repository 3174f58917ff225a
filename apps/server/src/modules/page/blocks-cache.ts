// The answers to reads of pages' blocks this instance has sent — the envelope's JSON, encoded as
// it goes out — by page and revision (the draft) or by page and version number. Neither ever
// names other blocks: every save raises the draft's revision in the transaction that changes its
// blocks, and a version is never rewritten. So an entry needs no invalidation — access is still
// checked on every request, and that check tells the page's current revision — and old entries
// simply age out, least recently used first. Kept as bytes: encoding 100 blocks of Chinese text
// to UTF-8 for every answer cost more than the rest of a cached read (docs/performance.md).
// One cache per instance, made in app.ts: the page routes, share links and both MCP ends all
// answer through `shownBlocksJson`, so an entry one of them made serves the others and a single
// budget bounds the memory of all of them.

/** what the cache may hold, in bytes */
const defaultBudget = 32 * 1024 * 1024;

export interface BlocksCache {
  get(key: string): Buffer | undefined;
  set(key: string, body: Buffer): void;
}

export const draftKey = (pageId: string, revision: number) => `${pageId}:r${revision}`;
export const versionKey = (pageId: string, version: number) => `${pageId}:v${version}`;

export function createBlocksCache(budget = defaultBudget): BlocksCache {
  const entries = new Map<string, Buffer>();
  let size = 0;
  return {
    get(key) {
      const body = entries.get(key);
      if (body === undefined) return undefined;
      // most recently used last
      entries.delete(key);
      entries.set(key, body);
      return body;
    },
    set(key, body) {
      if (body.length > budget / 8) return; // a giant page is not worth crowding out the rest
      const previous = entries.get(key);
      if (previous !== undefined) size -= previous.length;
      entries.delete(key);
      entries.set(key, body);
      size += body.length;
      for (const [oldest, value] of entries) {
        if (size <= budget) break;
        entries.delete(oldest);
        size -= value.length;
      }
    },
  };
}
