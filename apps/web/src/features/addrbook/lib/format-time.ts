import type { Locale } from '@library/contract';
import dayjs from '../../../lib/dayjs';
import { formatShortDate } from '../../../lib/format';

/** A list's time: the clock time today, else the short date (spec §9). */
export function formatListTime(value: string, locale: Locale, now: Date = new Date()): string {
  const time = dayjs(value);
  if (!time.isValid()) return '';
  if (time.isSame(now, 'day')) return time.format('HH:mm');
  return formatShortDate(time.toDate(), locale);
}

/** A detail's time: the short date with the clock time. */
export function formatFullTime(value: string, locale: Locale): string {
  const time = dayjs(value);
  if (!time.isValid()) return '';
  return `${formatShortDate(time.toDate(), locale)} ${time.format('HH:mm')}`;
}
