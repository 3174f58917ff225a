import { useState } from 'react';
import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isLocale, locales, type Locale } from '@library/contract';
import { changeLocale, currentLocale } from '../lib/i18n';
import { popupInHeader } from '../lib/popup-container';
import { useOnDemand } from '../hooks/use-on-demand';
import { TriggerSlot, useTriggerSlot } from '../hooks/use-trigger-slot';

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
 * once it has. The button is the same element throughout: the Dropdown, when it arrives, is
 * drawn beside it and takes it as its trigger (useTriggerSlot).
 */
export function LanguageSwitcher({ showLabel = false }: { showLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  const active = isLocale(i18n.language) ? i18n.language : currentLocale();
  const [Dropdown, askDropdown] = useOnDemand(loadDropdown);
  const slot = useTriggerSlot<HTMLButtonElement>();
  const [open, setOpen] = useState(false);

  return (
    <>
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('layout.language')}
        {...slot.triggerProps(
          Dropdown
            ? {}
            : {
                onPointerEnter: askDropdown,
                onFocus: askDropdown,
                onClick: () => {
                  setOpen(true);
                  askDropdown();
                },
              },
        )}
      >
        {showLabel ? localeNames[active] : null}
      </Button>
      {Dropdown && (
        <Dropdown
          trigger={['click']}
          open={open}
          onOpenChange={setOpen}
          getPopupContainer={popupInHeader}
          menu={{
            selectable: true,
            selectedKeys: [active],
            items: locales.map((locale) => ({ key: locale, label: localeNames[locale] })),
            onClick: ({ key }) => {
              if (isLocale(key)) void changeLocale(key);
            },
          }}
        >
          <TriggerSlot link={slot.link} />
        </Dropdown>
      )}
    </>
  );
}
