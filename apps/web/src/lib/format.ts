// Locale-aware formats of spec §9: short date (numeric year, short month, numeric day) and
// money (CNY for the Chinese locales, USD for English).
import type { Locale } from '@library/contract';

const languageTags: Record<Locale, string> = {
  zh_CN: 'zh-CN',
  zh_TW: 'zh-TW',
  en_US: 'en-US',
};

/** BCP 47 tag of a product locale, for Intl and `<html lang>`. */
export function languageTag(locale: Locale): string {
  return languageTags[locale];
}

export function formatShortDate(value: Date | string | number, locale: Locale): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(languageTag(locale), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(date);
}

export function currencyOf(locale: Locale): 'CNY' | 'USD' {
  return locale === 'en_US' ? 'USD' : 'CNY';
}

export function formatCurrency(amount: number, locale: Locale): string {
  return new Intl.NumberFormat(languageTag(locale), {
    style: 'currency',
    currency: currencyOf(locale),
  }).format(amount);
}
