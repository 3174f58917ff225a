// Amounts of goods and orders are integers in minor units (fen, cents) of their currency (the
// contract never sends floats); shown in the reader's language with Intl.NumberFormat.
import type { Currency, Locale } from '@library/contract';
import { languageTag } from '../../../lib/format';

/** How many minor units make one of `currency` (100 for CNY and USD). */
function minorUnitsPerMajor(currency: Currency): number {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits;
  return 10 ** (digits ?? 2);
}

/**
 * `8800, 'CNY', 'zh_CN'` → '¥88.00'; `1999, 'USD', 'en_US'` → '$19.99'. `compact` drops the
 * fraction of a whole amount ('¥88'), for the price list.
 */
export function formatMoney(
  amount: number,
  currency: Currency,
  locale: Locale,
  { compact = false }: { compact?: boolean } = {},
): string {
  const per = minorUnitsPerMajor(currency);
  const whole = amount % per === 0;
  return new Intl.NumberFormat(languageTag(locale), {
    style: 'currency',
    currency,
    ...(compact && whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(amount / per);
}
