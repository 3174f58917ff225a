import { describe, expect, it } from 'vitest';
import { nextDigestAt } from './notification.schedule.js';

const next = (now: string, timeZone: string) => nextDigestAt(new Date(now), timeZone).toISOString();

describe('the next 09:00 of a time zone (when the daily digest goes out)', () => {
  it('is today’s 09:00 before it, and tomorrow’s from 09:00 on', () => {
    // Asia/Shanghai is UTC+8 all year
    expect(next('2026-03-10T00:30:00Z', 'Asia/Shanghai')).toBe('2026-03-10T01:00:00.000Z');
    expect(next('2026-03-10T01:00:00Z', 'Asia/Shanghai')).toBe('2026-03-11T01:00:00.000Z');
    expect(next('2026-03-10T01:00:00.001Z', 'Asia/Shanghai')).toBe('2026-03-11T01:00:00.000Z');
    // 04:00 on the 11th there, while it is still the 10th in UTC
    expect(next('2026-03-10T20:00:00Z', 'Asia/Shanghai')).toBe('2026-03-11T01:00:00.000Z');
  });

  it('moves with the clocks across daylight saving time', () => {
    // New York springs forward on 8 March 2026: 09:00 is 14:00 UTC the day before, 13:00 after
    expect(next('2026-03-07T15:00:00Z', 'America/New_York')).toBe('2026-03-08T13:00:00.000Z');
    expect(next('2026-03-08T06:00:00Z', 'America/New_York')).toBe('2026-03-08T13:00:00.000Z');
    // London falls back on 25 October 2026: 09:00 BST is 08:00 UTC, 09:00 GMT is 09:00 UTC
    expect(next('2026-10-24T07:30:00Z', 'Europe/London')).toBe('2026-10-24T08:00:00.000Z');
    expect(next('2026-10-24T09:30:00Z', 'Europe/London')).toBe('2026-10-25T09:00:00.000Z');
  });

  it('handles half-hour offsets and the turn of the year', () => {
    expect(next('2026-05-01T00:00:00Z', 'Asia/Kolkata')).toBe('2026-05-01T03:30:00.000Z');
    expect(next('2026-12-31T10:00:00Z', 'UTC')).toBe('2027-01-01T09:00:00.000Z');
    expect(next('2026-12-31T16:00:00Z', 'Asia/Shanghai')).toBe('2027-01-01T01:00:00.000Z');
  });
});
