import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
import { termOf } from './grants';

describe('prices in the reader’s language (spec §9: CNY for zh_CN and zh_TW, USD for en_US)', () => {
  it('reads integer fen as yuan in zh_CN', () => {
    expect(formatMoney(8800, 'CNY', 'zh_CN')).toBe('¥88.00');
    expect(formatMoney(1999, 'CNY', 'zh_CN')).toBe('¥19.99');
    expect(formatMoney(5, 'CNY', 'zh_CN')).toBe('¥0.05');
  });

  it('marks the yuan as the mainland’s in zh_TW, where ¥ alone is ambiguous', () => {
    expect(formatMoney(8800, 'CNY', 'zh_TW')).toBe('CN¥88.00');
  });

  it('reads integer cents as dollars in en_US, with thousands separated', () => {
    expect(formatMoney(1299, 'USD', 'en_US')).toBe('$12.99');
    expect(formatMoney(123456789, 'USD', 'en_US')).toBe('$1,234,567.89');
  });

  it('shows an order in the currency it was placed in, whatever the language now', () => {
    expect(formatMoney(8800, 'CNY', 'en_US')).toBe('CN¥88.00');
    expect(formatMoney(1299, 'USD', 'zh_CN')).toBe('US$12.99');
  });

  it('drops the fraction of a whole price on the price list only', () => {
    expect(formatMoney(8800, 'CNY', 'zh_CN', { compact: true })).toBe('¥88');
    expect(formatMoney(8850, 'CNY', 'zh_CN', { compact: true })).toBe('¥88.50');
    expect(formatMoney(0, 'USD', 'en_US', { compact: true })).toBe('$0');
  });
});

describe('terms', () => {
  it('reads days as years, months or days', () => {
    expect(termOf(365)).toEqual({ unit: 'years', count: 1 });
    expect(termOf(730)).toEqual({ unit: 'years', count: 2 });
    expect(termOf(90)).toEqual({ unit: 'months', count: 3 });
    expect(termOf(30)).toEqual({ unit: 'months', count: 1 });
    expect(termOf(45)).toEqual({ unit: 'days', count: 45 });
    expect(termOf(7)).toEqual({ unit: 'days', count: 7 });
  });
});
