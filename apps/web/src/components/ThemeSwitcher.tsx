import { useState } from 'react';
import { Button } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePreferencesStore } from '../stores/preferences-store';
import { useOnDemand } from '../hooks/use-on-demand';
import { TriggerSlot, useTriggerSlot } from '../hooks/use-trigger-slot';

const loadTooltip = () => import('antd/es/tooltip').then((module) => module.default);

/**
 * Light (default) or dark. The tooltip's code (antd's Tooltip) loads when the button is first
 * pointed at or focused (useOnDemand); the tooltip then shows if the pointer is still there. The
 * button is the same element throughout (useTriggerSlot), so a press while the tooltip arrives
 * still switches the theme.
 */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const theme = usePreferencesStore((state) => state.theme);
  const setTheme = usePreferencesStore((state) => state.setTheme);
  const [Tooltip, askTooltip] = useOnDemand(loadTooltip);
  const slot = useTriggerSlot<HTMLButtonElement>();
  const [hovered, setHovered] = useState(false);
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('layout.themeDark') : t('layout.themeLight');

  return (
    <>
      <Button
        type="text"
        icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        aria-label={label}
        {...slot.triggerProps({
          onClick: () => setTheme(next),
          ...(Tooltip
            ? {}
            : {
                onPointerEnter: () => {
                  setHovered(true);
                  askTooltip();
                },
                onPointerLeave: () => setHovered(false),
                onFocus: askTooltip,
              }),
        })}
      />
      {Tooltip && (
        <Tooltip title={label} defaultOpen={hovered}>
          <TriggerSlot link={slot.link} />
        </Tooltip>
      )}
    </>
  );
}
