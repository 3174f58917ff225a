// Lists shown newest first in day groups (the history, the inbox): today, yesterday, then each
// earlier date.
import dayjs from './dayjs';

export type DayGroupKind = 'today' | 'yesterday' | 'date';

export interface DayGroup<T> {
  /** 'YYYY-MM-DD' of the local day */
  day: string;
  kind: DayGroupKind;
  /** the day's start, for labelling dates */
  date: Date;
  items: T[];
}

/** Groups items (already newest first) by their local day, relative to `now`. */
export function groupByDay<T>(
  items: readonly T[],
  dateOf: (item: T) => string | Date,
  now: Date = new Date(),
): DayGroup<T>[] {
  const today = dayjs(now).startOf('day');
  const yesterday = today.subtract(1, 'day');
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const start = dayjs(dateOf(item)).startOf('day');
    const day = start.format('YYYY-MM-DD');
    let group = groups.find((existing) => existing.day === day);
    if (!group) {
      const kind: DayGroupKind = start.isSame(today)
        ? 'today'
        : start.isSame(yesterday)
          ? 'yesterday'
          : 'date';
      group = { day, kind, date: start.toDate(), items: [] };
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}
