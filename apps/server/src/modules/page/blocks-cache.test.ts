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
});
