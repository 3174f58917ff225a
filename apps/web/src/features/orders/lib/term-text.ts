import type { TFunction } from 'i18next';
import { termOf } from './grants';

/**
 * A term in the reader's words: '1 年', '3 个月', '45 天'; '1 year', '3 months'. The singular is
 * its own key in every language (the same text in Chinese), so all three carry the same keys.
 */
export function termText(t: TFunction, days: number): string {
  const { unit, count } = termOf(days);
  const singular = { days: 'day', months: 'month', years: 'year' } as const;
  return t(`orders.term.${count === 1 ? singular[unit] : unit}`, { n: count });
}
