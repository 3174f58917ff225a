import { describe, expect, it } from 'vitest';
import { createBlocksCache, draftKey, versionKey } from './blocks-cache.js';

const bytes = (n: number) => Buffer.alloc(n, 'x');

describe('the blocks cache', () => {
  it('keys the draft by revision and a version by number, so a save never meets an old entry', () => {
    expect(draftKey('p', 3)).not.toBe(draftKey('p', 4));
    expect(draftKey('p', 3)).not.toBe(versionKey('p', 3));
  });

  it('keeps at most its budget, dropping the least recently used first', () => {
    const cache = createBlocksCache(800);
    cache.set('a', bytes(100));
    cache.set('b', bytes(100));
    expect(cache.get('a')).toHaveLength(100); // a is now the most recently used
    for (const key of ['c', 'd', 'e', 'f', 'g', 'h', 'i']) cache.set(key, bytes(100));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toHaveLength(100);
    expect(cache.get('i')).toHaveLength(100);
  });

  it('does not keep a page larger than an eighth of its budget', () => {
    const cache = createBlocksCache(800);
    cache.set('big', bytes(101));
    expect(cache.get('big')).toBeUndefined();
  });

  it('is one budget for all its readers: what one keeps pushes out what another kept', () => {
    // the page routes, share links and the MCP view hold the same cache (app.ts)
    const cache = createBlocksCache(800);
    const [pageRoutes, shareLinks, mcp] = [cache, cache, cache];
    for (const key of ['p1', 'p2', 'p3', 'p4']) pageRoutes.set(draftKey(key, 1), bytes(100));
    for (const key of ['s1', 's2', 's3', 's4']) shareLinks.set(versionKey(key, 1), bytes(100));
    // a share's read of a page is the page routes' answer, and the other way round
    expect(mcp.get(versionKey('s1', 1))).toHaveLength(100);
    mcp.set(versionKey('m1', 1), bytes(100));
    expect(pageRoutes.get(draftKey('p1', 1))).toBeUndefined();
    expect(shareLinks.get(versionKey('s1', 1))).toHaveLength(100);
  });
});
