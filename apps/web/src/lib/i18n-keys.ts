// Translation keys are checked at compile time against the zh_CN files (the reference language).
import type { ParseKeys } from 'i18next';
import type { TranslationResources } from '../locales/resources';

export type { TranslationResources };
export type TranslationKey = ParseKeys;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TranslationResources };
  }
}
