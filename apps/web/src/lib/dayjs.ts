// dayjs in the UI's language. The app imports dayjs from here, not from 'dayjs': this module sets
// dayjs's locale from i18n and follows its changes, and it loads with the screens that format
// dates rather than with the first page (docs/performance.md, "First load").
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { isLocale, type Locale } from '@library/contract';
import { i18n } from './i18n';

const dayjsLocales: Record<Locale, string> = { zh_CN: 'zh-cn', zh_TW: 'zh-tw', en_US: 'en' };

function follow(language: string | undefined): void {
  if (isLocale(language)) dayjs.locale(dayjsLocales[language]);
}

follow(i18n.language);
i18n.on('languageChanged', follow);

export default dayjs;
