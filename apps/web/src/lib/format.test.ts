import { describe, expect, it } from 'vitest';
import { describeDevice } from './client-descriptor';
import { currencyOf, formatCurrency, formatShortDate } from './format';

describe('locale formats (spec §9)', () => {
  const date = new Date(2025, 2, 7);

  it('writes a short date with numeric year, short month and numeric day', () => {
    expect(formatShortDate(date, 'en_US')).toBe('Mar 7, 2025');
    expect(formatShortDate(date, 'zh_CN')).toBe('2025年3月7日');
  });

  it('uses CNY for the Chinese locales and USD for English', () => {
    expect(currencyOf('zh_CN')).toBe('CNY');
    expect(currencyOf('zh_TW')).toBe('CNY');
    expect(currencyOf('en_US')).toBe('USD');
    expect(formatCurrency(12.5, 'en_US')).toBe('$12.50');
    expect(formatCurrency(12.5, 'zh_CN')).toBe('¥12.50');
  });
});

describe('device name sent with logins', () => {
  it('names browser and system from the user agent', () => {
    const chromeOnWindows =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
    const safariOnIphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const edgeOnMac =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0';
    expect(describeDevice(chromeOnWindows)).toBe('Chrome on Windows');
    expect(describeDevice(safariOnIphone)).toBe('Safari on iOS');
    expect(describeDevice(edgeOnMac)).toBe('Edge on macOS');
  });
});
