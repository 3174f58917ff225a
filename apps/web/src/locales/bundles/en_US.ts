// The en_US bundle (see ./bundle.ts), loaded by lib/i18n.ts when the page is shown in en_US.
import antd from 'antd/es/locale/en_US';
import type { LocaleBundle } from './bundle';

export const bundle: LocaleBundle = {
  files: import.meta.glob<Record<string, unknown>>('../en_US/*.json', {
    eager: true,
    import: 'default',
  }),
  antd,
};
