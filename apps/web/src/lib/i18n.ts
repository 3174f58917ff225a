// UI text through i18next (spec §9): zh_CN default and fallback, zh_TW, en_US. The chosen
// language is kept under the `locale` storage key and mirrored to <html lang> (and to dayjs by
// lib/dayjs.ts). zh_CN (the default and the fallback) is bundled with the app; the other two
// languages — their text and antd's — load as a chunk of their own when shown
// (locales/bundles/), through an i18next backend, so `changeLanguage` waits for them and a page
// downloads one language.
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale as AntdLocale } from 'antd/es/locale';
import antdZhCN from 'antd/es/locale/zh_CN';
import { defaultLocale, isLocale, StorageKey, type Locale } from '@library/contract';
import type { LocaleBundle } from '../locales/bundles/bundle';
import { languageTag } from './format';
import type { TranslationKey, TranslationResources } from './i18n-keys';
import { readStorage, writeStorage } from './storage';

export const i18n = i18next.createInstance();

const bundleLoaders: Record<Exclude<Locale, 'zh_CN'>, () => Promise<LocaleBundle>> = {
  zh_TW: () => import('../locales/bundles/zh_TW').then((m) => m.bundle),
  en_US: () => import('../locales/bundles/en_US').then((m) => m.bundle),
};

const antdLocales: Partial<Record<Locale, AntdLocale>> = { zh_CN: antdZhCN };

/** antd's texts for a language (loaded with its UI text; zh_CN's until then). */
export function antdLocaleOf(locale: Locale): AntdLocale {
  return antdLocales[locale] ?? antdZhCN;
}

/** One resource per language from its `<feature>.json` files (an `import.meta.glob` result). */
function translationOf(files: Record<string, Record<string, unknown>>): Record<string, unknown> {
  const resources: Record<string, unknown> = {};
  for (const [file, content] of Object.entries(files)) {
    const feature = /([^/]+)\.json$/.exec(file)?.[1];
    if (feature) resources[feature] = content;
  }
  return resources;
}

/** Loads the languages other than zh_CN when i18next asks for them. */
const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = isLocale(language) && language !== 'zh_CN' ? bundleLoaders[language] : null;
    if (!load) return callback(null, {});
    load().then(
      (bundle) => {
        antdLocales[language as Locale] = bundle.antd;
        callback(null, translationOf(bundle.files));
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export function savedLocale(): Locale {
  const saved = readStorage(StorageKey.locale);
  return isLocale(saved) ? saved : defaultLocale;
}

function applyLocaleToPage(locale: Locale): void {
  document.documentElement.lang = languageTag(locale);
}

i18n.on('languageChanged', (language) => {
  if (isLocale(language)) applyLocaleToPage(language);
});

/**
 * Settles once the saved language's text is there: at once for zh_CN, after its chunk for the
 * others (main.tsx renders the app after it).
 */
export const i18nReady: Promise<unknown> = i18n
  .use(localeBackend)
  .use(initReactI18next)
  .init({
    resources: {
      zh_CN: {
        // every feature's text but that of screens adding their own (see addScreenText)
        translation: translationOf(
          import.meta.glob<Record<string, unknown>>(
            [
              '../locales/zh_CN/*.json',
              '!../locales/zh_CN/addrbook.json',
              '!../locales/zh_CN/notifications.json',
              '!../locales/zh_CN/orders.json',
              // loadLaterText's (locales/bundles/zh_CN-later.ts)
              '!../locales/zh_CN/account.json',
              '!../locales/zh_CN/ai.json',
              '!../locales/zh_CN/files.json',
              '!../locales/zh_CN/history.json',
              '!../locales/zh_CN/notes.json',
              '!../locales/zh_CN/page.json',
              '!../locales/zh_CN/recycle.json',
              '!../locales/zh_CN/search.json',
              '!../locales/zh_CN/share.json',
              '!../locales/zh_CN/spaces.json',
              '!../locales/zh_CN/system.json',
              '!../locales/zh_CN/templates.json',
              '!../locales/zh_CN/transfer.json',
            ],
            { eager: true, import: 'default' },
          ),
        ),
      },
    },
    partialBundledLanguages: true,
    lng: savedLocale(),
    fallbackLng: defaultLocale,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    // a key of the later text asked for before it arrived (a screen that did not wait for it)
    // loads it, and the screens drawn with the key draw again once it is there
    saveMissing: true,
    missingKeyHandler: () => void loadLaterText(),
    react: { bindI18nStore: 'added' },
  });

let laterText: Promise<void> | null = null;

/**
 * Adds the zh_CN text that no visitor's first page shows (locales/bundles/zh_CN-later.ts): about
 * 12 kB of gzip that the first load of the welcome page and the login dialog would otherwise
 * carry. The logged-in shell and every route but the welcome, login and register pages wait for
 * it beside their code (app/RootLayout.tsx, app/routes.tsx). Never fails: a failed load is
 * tried again by the next caller, and the screen meanwhile shows the keys' fallback.
 */
export function loadLaterText(): Promise<void> {
  laterText ??= import('../locales/bundles/zh_CN-later').then(
    ({ files }) => {
      i18n.addResourceBundle(defaultLocale, 'translation', translationOf(files), true, false);
    },
    (error: unknown) => {
      laterText = null;
      console.error('The later UI text did not load', error);
    },
  );
  return laterText;
}

/**
 * Adds the zh_CN text of a screen that loads on demand and is the only user of its text file (the
 * address book, orders, the inbox): left out of the first page's bundle above, its own chunk adds
 * it before it draws. The other languages' bundles carry every file anyway.
 */
export function addScreenText(
  feature: keyof TranslationResources,
  zhCN: Record<string, unknown>,
): void {
  i18n.addResourceBundle(defaultLocale, 'translation', { [feature]: zhCN }, true, false);
}

/** The language the UI shows right now (sent to the server as the `locale` header). */
export function currentLocale(): Locale {
  const language = i18n.language;
  return isLocale(language) ? language : defaultLocale;
}

/** Shows the UI in this language (once its text has loaded) and keeps the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeStorage(StorageKey.locale, locale);
  await i18n.changeLanguage(locale);
}

/** Translate outside React (toasts from the API client, document title). */
export function translate(key: TranslationKey, options?: Record<string, unknown>): string {
  return i18n.t(key, options ?? {});
}
