import { Button, Tooltip } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePreferencesStore } from '../stores/preferences-store';

/** Light (default) or dark. */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const theme = usePreferencesStore((state) => state.theme);
  const setTheme = usePreferencesStore((state) => state.setTheme);
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('layout.themeDark') : t('layout.themeLight');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        aria-label={label}
        onClick={() => setTheme(next)}
      />
    </Tooltip>
  );
}
