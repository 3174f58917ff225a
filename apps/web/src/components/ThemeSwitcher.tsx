import { useState } from 'react';
import { Button } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePreferencesStore } from '../stores/preferences-store';
import { useOnDemand } from '../hooks/use-on-demand';

const loadTooltip = () => import('antd/es/tooltip').then((module) => module.default);

/**
 * Light (default) or dark. The tooltip's code (antd's Tooltip) loads when the button is first
 * pointed at or focused (useOnDemand); the tooltip then shows if the pointer is still there, and
 * focus moves to the button that takes this one's place.
 */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const theme = usePreferencesStore((state) => state.theme);
  const setTheme = usePreferencesStore((state) => state.setTheme);
  const [Tooltip, askTooltip] = useOnDemand(loadTooltip);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('layout.themeDark') : t('layout.themeLight');

  const button = (
    <Button
      type="text"
      icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
      aria-label={label}
      autoFocus={focused}
      onClick={() => setTheme(next)}
      {...(Tooltip
        ? {}
        : {
            onPointerEnter: () => {
              setHovered(true);
              askTooltip();
            },
            onPointerLeave: () => setHovered(false),
            onFocus: () => {
              setFocused(true);
              askTooltip();
            },
            onBlur: () => setFocused(false),
          })}
    />
  );
  if (!Tooltip) return button;
  return (
    <Tooltip title={label} defaultOpen={hovered}>
      {button}
    </Tooltip>
  );
}
