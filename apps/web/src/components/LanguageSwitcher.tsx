import { useState } from 'react';
import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isLocale, locales, type Locale } from '@library/contract';
import { changeLocale, currentLocale } from '../lib/i18n';
import { useOnDemand } from '../hooks/use-on-demand';

/** Each language names itself, so anyone can find theirs. */
export const localeNames: Record<Locale, string> = {
  zh_CN: '简体中文',
  zh_TW: '繁體中文',
  en_US: 'English',
};

const loadDropdown = () => import('antd/es/dropdown').then((module) => module.default);

/**
 * The language button and its menu. The menu's code (antd's Dropdown) loads when the button is
 * first pointed at, focused or pressed (useOnDemand); a press before it has loaded opens the menu
 * once it has, and focus moves to the button that then takes this one's place.
 */
export function LanguageSwitcher({ showLabel = false }: { showLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  const active = isLocale(i18n.language) ? i18n.language : currentLocale();
  const [Dropdown, askDropdown] = useOnDemand(loadDropdown);
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(false);

  const button = (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      aria-label={t('layout.language')}
      autoFocus={focused}
      {...(Dropdown
        ? {}
        : {
            onPointerEnter: askDropdown,
            onFocus: () => {
              setFocused(true);
              askDropdown();
            },
            onBlur: () => setFocused(false),
            onClick: () => {
              setOpen(true);
              askDropdown();
            },
          })}
    >
      {showLabel ? localeNames[active] : null}
    </Button>
  );
  if (!Dropdown) return button;
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [active],
        items: locales.map((locale) => ({ key: locale, label: localeNames[locale] })),
        onClick: ({ key }) => {
          if (isLocale(key)) void changeLocale(key);
        },
      }}
    >
      {button}
    </Dropdown>
  );
}
