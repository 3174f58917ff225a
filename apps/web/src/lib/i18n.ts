// UI text through i18next (spec §9): zh_CN default and fallback, zh_TW, en_US. The chosen
// language is kept under the `locale` storage key and mirrored to <html lang> and dayjs.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { defaultLocale, isLocale, StorageKey, type Locale } from '@library/contract';
import { languageTag } from './format';
import type { TranslationKey } from './i18n-keys';
import { readStorage, writeStorage } from './storage';

export const i18n = i18next.createInstance();

/** Every locales/<language>/<feature>.json, assembled into one resource per language. */
const localeFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function resourcesOf(locale: Locale): Record<string, unknown> {
  const resources: Record<string, unknown> = {};
  for (const [file, content] of Object.entries(localeFiles)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (match?.[1] === locale && match[2]) resources[match[2]] = content;
  }
  return resources;
}

const dayjsLocales: Record<Locale, string> = { zh_CN: 'zh-cn', zh_TW: 'zh-tw', en_US: 'en' };

export function savedLocale(): Locale {
  const saved = readStorage(StorageKey.locale);
  return isLocale(saved) ? saved : defaultLocale;
}

function applyLocaleToPage(locale: Locale): void {
  document.documentElement.lang = languageTag(locale);
  dayjs.locale(dayjsLocales[locale]);
}

void i18n.use(initReactI18next).init({
  resources: {
    zh_CN: { translation: resourcesOf('zh_CN') },
    zh_TW: { translation: resourcesOf('zh_TW') },
    en_US: { translation: resourcesOf('en_US') },
  },
  lng: savedLocale(),
  fallbackLng: defaultLocale,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
applyLocaleToPage(currentLocale());

/** The language the UI shows right now (sent to the server as the `locale` header). */
export function currentLocale(): Locale {
  const language = i18n.language;
  return isLocale(language) ? language : defaultLocale;
}

export async function changeLocale(locale: Locale): Promise<void> {
  writeStorage(StorageKey.locale, locale);
  applyLocaleToPage(locale);
  await i18n.changeLanguage(locale);
}

/** Translate outside React (toasts from the API client, document title). */
export function translate(key: TranslationKey, options?: Record<string, unknown>): string {
  return i18n.t(key, options ?? {});
}
