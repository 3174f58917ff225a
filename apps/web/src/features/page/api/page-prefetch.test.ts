import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, saveToken } from '../../../stores/session-store';
import { earlyData, forgetEarly, prefetchEarly, takeEarly } from './page-prefetch';

const key = ['page', 'p1', 'detail'];

afterEach(() => {
  forgetEarly(key);
  clearToken();
});

describe('early page requests', () => {
  it('hand an answer that has come to the query as initial data, until the screen forgets it', async () => {
    saveToken('t1');
    prefetchEarly(key, () => Promise.resolve({ name: '早' }));
    await Promise.resolve();
    await Promise.resolve();
    expect(earlyData(key)).toEqual({ name: '早' });
    expect(earlyData(key)).toEqual({ name: '早' });
    forgetEarly(key);
    expect(earlyData(key)).toBeUndefined();
  });

  it('let the query wait for an answer still on its way, once', async () => {
    saveToken('t1');
    let answer: (value: unknown) => void = () => undefined;
    prefetchEarly(key, () => new Promise((resolve) => (answer = resolve)));
    const fetch = vi.fn(() => Promise.resolve('again'));
    const taken = takeEarly(key, fetch);
    answer('early');
    await expect(taken).resolves.toBe('early');
    await expect(takeEarly(key, fetch)).resolves.toBe('again');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('ask again the ordinary way when the early request failed, unless told not to', async () => {
    saveToken('t1');
    prefetchEarly(key, () => Promise.reject(new Error('404')));
    await expect(takeEarly(key, () => Promise.resolve('reported'))).resolves.toBe('reported');
    prefetchEarly(key, () => Promise.reject(new Error('404')));
    await expect(takeEarly(key, () => Promise.resolve('x'), { failAsIs: true })).rejects.toThrow(
      '404',
    );
  });

  it('never give one login the answer fetched for another', async () => {
    saveToken('t1');
    prefetchEarly(key, () => Promise.resolve('for t1'));
    await Promise.resolve();
    saveToken('t2');
    expect(earlyData(key)).toBeUndefined();
    await expect(takeEarly(key, () => Promise.resolve('for t2'))).resolves.toBe('for t2');
  });
});
