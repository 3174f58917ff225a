import dayjs from '../../../lib/dayjs';
import type { Locale } from '@library/contract';
import { formatShortDate } from '../../../lib/format';

/** A list's time: the clock time today, else the short date (spec §9). */
export function formatShortTime(
  value: string | Date,
  locale: Locale,
  now: Date = new Date(),
): string {
  const time = dayjs(value);
  if (time.isSame(now, 'day')) return time.format('HH:mm');
  return formatShortDate(time.toDate(), locale);
}
