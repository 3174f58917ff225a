import type { TFunction } from 'i18next';
import { termOf } from './grants';

/** A term in the reader's words: '1 年', '3 个月', '45 天'. */
export function termText(t: TFunction, days: number): string {
  const { unit, count } = termOf(days);
  return t(`orders.term.${unit}`, { count });
}
