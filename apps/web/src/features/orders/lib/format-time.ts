import type { Locale } from '@library/contract';
import dayjs from '../../../lib/dayjs';
import { formatShortDate } from '../../../lib/format';

/** The short date of spec §9 and the time of day: '2026年11月1日 16:05'. */
export function formatDateTime(value: string, locale: Locale): string {
  return `${formatShortDate(value, locale)} ${dayjs(value).format('HH:mm')}`;
}

/** Milliseconds as 'mm:ss' (or 'h:mm:ss'), never below zero. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}
