// The three languages of the product (spec §9). zh_CN is the default and the fallback.
export const locales = ['zh_CN', 'zh_TW', 'en_US'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'zh_CN';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * Picks the product locale from an explicit `locale` value (what the web sends) or an
 * Accept-Language header. Anything unknown falls back to zh_CN.
 */
export function resolveLocale(explicit: string | undefined, acceptLanguage?: string): Locale {
  if (isLocale(explicit)) return explicit;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!tag) continue;
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant')) {
      return 'zh_TW';
    }
    if (tag.startsWith('zh')) return 'zh_CN';
    if (tag.startsWith('en')) return 'en_US';
  }
  return defaultLocale;
}
