// What one language needs besides zh_CN (which lib/i18n.ts bundles with the app): its UI text
// and antd's texts. Each language's file here is a chunk loaded when that language
// is shown, so a page in one language does not download the other two.
import type { Locale as AntdLocale } from 'antd/es/locale';

export interface LocaleBundle {
  /** locales/<language>/<feature>.json by file name (an eager `import.meta.glob`) */
  files: Record<string, Record<string, unknown>>;
  antd: AntdLocale;
}
