// When a notification came, as the inbox says it: 'just now', minutes or hours ago today, the
// time of day on earlier days (their date heads the day's group).
import type { Locale } from '@library/contract';
import { languageTag } from '../../../lib/format';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

export function relativeTime(value: string, now: Date, locale: Locale, justNow: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const ago = now.getTime() - date.getTime();
  if (ago < minuteMs) return justNow;
  const sameDay = date.toDateString() === now.toDateString();
  if (sameDay || ago < hourMs) {
    const words = new Intl.RelativeTimeFormat(languageTag(locale), { numeric: 'auto' });
    return ago < hourMs
      ? words.format(-Math.floor(ago / minuteMs), 'minute')
      : words.format(-Math.floor(ago / hourMs), 'hour');
  }
  return new Intl.DateTimeFormat(languageTag(locale), {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(date);
}
