import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './reconnect-delay';

describe('waiting before the stream connects again', () => {
  it('doubles from a second up to thirty, and never waits less than 80 % of that', () => {
    const most = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6, 40].map((attempt) => reconnectDelay(attempt, most))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(reconnectDelay(0, () => 0)).toBe(800);
    expect(reconnectDelay(9, () => 0)).toBe(24000);
  });
});
