import { describe, expect, it } from 'vitest';
import { createTreeCache } from './tree-cache.js';

describe('createTreeCache', () => {
  it('answers only for the version it was given', () => {
    const cache = createTreeCache();
    cache.set('s', 3, '[1]');
    expect(cache.get('s', 3)).toBe('[1]');
    expect(cache.get('s', 4)).toBeUndefined();
    cache.set('s', 4, '[2]');
    expect(cache.get('s', 3)).toBeUndefined();
    expect(cache.get('s', 4)).toBe('[2]');
  });

  it('drops the least recently used trees beyond its size, and never keeps one too large', () => {
    const cache = createTreeCache(10);
    cache.set('a', 1, '1234');
    cache.set('b', 1, '1234');
    expect(cache.get('a', 1)).toBe('1234'); // a is now the most recently used
    cache.set('c', 1, '1234');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe('1234');
    expect(cache.get('c', 1)).toBe('1234');
    cache.set('d', 1, '12345678901');
    expect(cache.get('d', 1)).toBeUndefined();
  });
});
