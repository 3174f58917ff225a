// The JSON text of pages' blocks this instance has read, by page and revision (the draft) or by
// page and version number. Neither ever names other blocks: every save raises the draft's
// revision in the transaction that changes its blocks, and a version is never rewritten. So an
// entry needs no invalidation — access is still checked on every request, by the query that
// tells the page's current revision — and old entries simply age out, least recently used first.

/** what the cache may hold, in characters of JSON text */
const defaultBudget = 32 * 1024 * 1024;

export interface BlocksCache {
  get(key: string): string | undefined;
  set(key: string, json: string): void;
}

export const draftKey = (pageId: string, revision: number) => `${pageId}:r${revision}`;
export const versionKey = (pageId: string, version: number) => `${pageId}:v${version}`;

export function createBlocksCache(budget = defaultBudget): BlocksCache {
  const entries = new Map<string, string>();
  let size = 0;
  return {
    get(key) {
      const json = entries.get(key);
      if (json === undefined) return undefined;
      // most recently used last
      entries.delete(key);
      entries.set(key, json);
      return json;
    },
    set(key, json) {
      if (json.length > budget / 8) return; // a giant page is not worth crowding out the rest
      const previous = entries.get(key);
      if (previous !== undefined) size -= previous.length;
      entries.delete(key);
      entries.set(key, json);
      size += json.length;
      for (const [oldest, value] of entries) {
        if (size <= budget) break;
        entries.delete(oldest);
        size -= value.length;
      }
    },
  };
}
