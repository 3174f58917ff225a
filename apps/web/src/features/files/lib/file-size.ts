// File sizes as people read them: 0 B, 999 B, 1.5 KB, 12 MB, 1.02 GB (1024-based, at most three
// significant digits), with the locale's digits and separators.
import type { Locale } from '@library/contract';
import { languageTag } from '../../../lib/format';

const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatFileSize(bytes: number, locale: Locale): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  const number = new Intl.NumberFormat(languageTag(locale), {
    maximumFractionDigits: digits,
  }).format(value);
  return `${number} ${units[unit]}`;
}
