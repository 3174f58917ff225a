import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isLocale, locales, type Locale } from '@library/contract';
import { changeLocale, currentLocale } from '../lib/i18n';

/** Each language names itself, so anyone can find theirs. */
export const localeNames: Record<Locale, string> = {
  zh_CN: '简体中文',
  zh_TW: '繁體中文',
  en_US: 'English',
};

export function LanguageSwitcher({ showLabel = false }: { showLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  const active = isLocale(i18n.language) ? i18n.language : currentLocale();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [active],
        items: locales.map((locale) => ({ key: locale, label: localeNames[locale] })),
        onClick: ({ key }) => {
          if (isLocale(key)) void changeLocale(key);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('layout.language')}>
        {showLabel ? localeNames[active] : null}
      </Button>
    </Dropdown>
  );
}
