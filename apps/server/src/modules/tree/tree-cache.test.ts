import { describe, expect, it } from 'vitest';
import { createTreeCache } from './tree-cache.js';

describe('createTreeCache', () => {
  it('answers only for the version it was given', () => {
    const cache = createTreeCache();
    cache.set('s', 'editors', 3, '[1]');
    expect(cache.get('s', 'editors', 3)).toBe('[1]');
    expect(cache.get('s', 'editors', 4)).toBeUndefined();
    cache.set('s', 'editors', 4, '[2]');
    expect(cache.get('s', 'editors', 3)).toBeUndefined();
    expect(cache.get('s', 'editors', 4)).toBe('[2]');
  });

  it('keeps the editors’ tree and the readers’ tree of a space apart', () => {
    const cache = createTreeCache();
    cache.set('s', 'editors', 1, '[draft, published]');
    expect(cache.get('s', 'readers', 1)).toBeUndefined();
    cache.set('s', 'readers', 1, '[published]');
    expect(cache.get('s', 'editors', 1)).toBe('[draft, published]');
    expect(cache.get('s', 'readers', 1)).toBe('[published]');
  });

  it('drops the least recently used trees beyond its size, and never keeps one too large', () => {
    const cache = createTreeCache(10);
    cache.set('a', 'editors', 1, '1234');
    cache.set('b', 'editors', 1, '1234');
    expect(cache.get('a', 'editors', 1)).toBe('1234'); // a is now the most recently used
    cache.set('c', 'editors', 1, '1234');
    expect(cache.get('b', 'editors', 1)).toBeUndefined();
    expect(cache.get('a', 'editors', 1)).toBe('1234');
    expect(cache.get('c', 'editors', 1)).toBe('1234');
    cache.set('d', 'editors', 1, '12345678901');
    expect(cache.get('d', 'editors', 1)).toBeUndefined();
  });
});
