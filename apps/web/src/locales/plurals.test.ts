// Counts in English take i18next's plural forms (`key_one`, `key_other`): no '1 items'. Chinese
// has one form, written under both keys so every language holds the same keys.
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';

const english = import.meta.glob<Record<string, unknown>>('./en_US/*.json', {
  eager: true,
  import: 'default',
});
const chinese = import.meta.glob<Record<string, unknown>>('./zh_CN/*.json', {
  eager: true,
  import: 'default',
});

function texts(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.entries(tree).flatMap(([key, value]) =>
    texts(value, prefix ? `${prefix}.${key}` : key),
  );
}

const byFeature = (files: Record<string, Record<string, unknown>>) =>
  Object.fromEntries(
    Object.entries(files).map(([file, content]) => [/(\w+)\.json$/.exec(file)![1]!, content]),
  );

async function translator(language: string, files: Record<string, Record<string, unknown>>) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { [language]: { translation: byFeature(files) } },
  });
  return instance.t;
}

describe('counts in English', () => {
  it('every text counting things in the plural has its singular form', () => {
    const all = texts(byFeature(english));
    const keys = new Set(all.map(([key]) => key));
    // '{{count}} pages', 'Show all {{count}} items': a plural noun right after the count
    const counted = all.filter(([, text]) => /\{\{count\}\} [a-z]+s\b/.test(text));
    expect(counted.length).toBeGreaterThan(5);
    for (const [key] of counted) {
      expect(key, `${key} has no singular`).toMatch(/_other$/);
      expect(keys.has(key.replace(/_other$/, '_one')), key).toBe(true);
    }
  });

  it('says 1 item and 2 items in English, and keeps the one Chinese form', async () => {
    const en = await translator('en', english);
    expect(en('spaces.items', { count: 1 })).toBe('1 item');
    expect(en('spaces.items', { count: 2 })).toBe('2 items');
    expect(en('templates.pages', { count: 1 })).toBe('1 page');
    const zh = await translator('zh', chinese);
    expect(zh('spaces.items', { count: 1 })).toBe(
      zh('spaces.items', { count: 2 }).replace('2', '1'),
    );
  });
});
