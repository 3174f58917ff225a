// The zh_TW bundle (see ./bundle.ts), loaded by lib/i18n.ts when the page is shown in zh_TW.
import antd from 'antd/es/locale/zh_TW';
import type { LocaleBundle } from './bundle';

export const bundle: LocaleBundle = {
  files: import.meta.glob<Record<string, unknown>>('../zh_TW/*.json', {
    eager: true,
    import: 'default',
  }),
  antd,
};
