import { describe, expect, it } from 'vitest';
import { groupByDay } from './group-by-day';

// Local times, so the day boundaries are the user's, whatever the machine's zone.
const now = new Date(2025, 2, 10, 9, 30);
const visit = (name: string, date: Date) => ({ name, visitedAt: date.toISOString() });

describe('history day groups', () => {
  it('puts visits under today, yesterday and then each earlier date, keeping their order', () => {
    const visits = [
      visit('a', new Date(2025, 2, 10, 9, 0)),
      visit('b', new Date(2025, 2, 10, 0, 0)),
      visit('c', new Date(2025, 2, 9, 23, 59)),
      visit('d', new Date(2025, 2, 9, 0, 1)),
      visit('e', new Date(2025, 2, 8, 23, 59)),
      visit('f', new Date(2024, 11, 31, 12, 0)),
    ];
    const groups = groupByDay(visits, (item) => item.visitedAt, now);
    expect(
      groups.map((group) => [group.kind, group.day, group.items.map((item) => item.name)]),
    ).toEqual([
      ['today', '2025-03-10', ['a', 'b']],
      ['yesterday', '2025-03-09', ['c', 'd']],
      ['date', '2025-03-08', ['e']],
      ['date', '2024-12-31', ['f']],
    ]);
    expect(groups[2]?.date.getDate()).toBe(8);
  });

  it('has no groups without visits', () => {
    expect(groupByDay([], () => new Date(), now)).toEqual([]);
  });

  it('treats the day before a month start as yesterday', () => {
    const groups = groupByDay(
      [visit('x', new Date(2025, 1, 28, 22, 0))],
      (item) => item.visitedAt,
      new Date(2025, 2, 1, 1, 0),
    );
    expect(groups[0]?.kind).toBe('yesterday');
  });
});
