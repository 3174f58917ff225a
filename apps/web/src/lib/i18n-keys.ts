// Translation keys are checked at compile time against the zh_CN file (the reference language).
import type { ParseKeys } from 'i18next';
import type zhCN from '../locales/zh_CN.json';

export type TranslationResources = typeof zhCN;
export type TranslationKey = ParseKeys;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TranslationResources };
  }
}
