import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import enUS from '../../../locales/en_US/orders.json';
import zhCN from '../../../locales/zh_CN/orders.json';
import { termText } from './term-text';

async function translator(language: string, orders: object) {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: { orders } } } });
  return instance.t;
}

describe('termText', () => {
  it('says one year, three months, 45 days in English, singular where it is one', async () => {
    const t = await translator('en', enUS);
    expect(termText(t, 365)).toBe('1 year');
    expect(termText(t, 730)).toBe('2 years');
    expect(termText(t, 30)).toBe('1 month');
    expect(termText(t, 90)).toBe('3 months');
    expect(termText(t, 1)).toBe('1 day');
    expect(termText(t, 45)).toBe('45 days');
  });

  it('says 1 年, 3 个月, 45 天 in Chinese', async () => {
    const t = await translator('zh', zhCN);
    expect(termText(t, 365)).toBe('1 年');
    expect(termText(t, 90)).toBe('3 个月');
    expect(termText(t, 45)).toBe('45 天');
  });
});
