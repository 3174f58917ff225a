// What a goods or an order grants, in words: each quota it names with its value (sizes as file
// sizes, counts as numbers), in the catalogue's order, and its term in days, months or years.
import {
  isByteQuota,
  quotaNames,
  type GoodsQuotas,
  type Locale,
  type QuotaName,
} from '@library/contract';
import { languageTag } from '../../../lib/format';
import { formatFileSize } from '../../files';

export interface GrantLine {
  name: QuotaName;
  value: string;
}

export function formatQuotaValue(name: QuotaName, value: number, locale: Locale): string {
  return isByteQuota(name)
    ? formatFileSize(value, locale)
    : new Intl.NumberFormat(languageTag(locale)).format(value);
}

export function grantLines(quotas: GoodsQuotas, locale: Locale): GrantLine[] {
  return quotaNames.flatMap((name) => {
    const value = quotas[name];
    return value === undefined ? [] : [{ name, value: formatQuotaValue(name, value, locale) }];
  });
}

export type TermUnit = 'years' | 'months' | 'days';

/** 365 → 1 year, 90 → 3 months, 45 → 45 days (a month counted as 30 days). */
export function termOf(days: number): { unit: TermUnit; count: number } {
  if (days >= 365 && days % 365 === 0) return { unit: 'years', count: days / 365 };
  if (days >= 30 && days % 30 === 0) return { unit: 'months', count: days / 30 };
  return { unit: 'days', count: days };
}
