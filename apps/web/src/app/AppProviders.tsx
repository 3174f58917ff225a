import { useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { isLocale, defaultLocale } from '@library/contract';
import { antdLocaleOf, i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { ToastViewport } from '../components/toast';
import { usePreferencesStore } from '../stores/preferences-store';
import { antdTheme } from './theme';

/**
 * Every button's loading spinner is given outright, which antd shows without its width animation:
 * with the animated one, a request answered within a few dozen milliseconds could leave the
 * spinner in a button for good (its leave transition never ended; the 发布 button of a page's
 * versions kept "loading" after the version was published).
 */
const buttonConfig = { autoInsertSpace: false, loadingIcon: <LoadingOutlined /> };

/** Query cache, translations, antd theme and locale, and the toasts around the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemedConfig>
          {children}
          <ToastViewport />
        </ThemedConfig>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

function ThemedConfig({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const locale = isLocale(instance.language) ? instance.language : defaultLocale;
  const themeName = usePreferencesStore((state) => state.theme);
  // one theme object per look: a new one would make every antd component recompute its tokens
  const theme = useMemo(() => antdTheme(themeName, locale), [themeName, locale]);

  useEffect(() => {
    document.documentElement.dataset.theme = themeName;
    document.documentElement.style.colorScheme = themeName;
  }, [themeName]);

  return (
    <ConfigProvider locale={antdLocaleOf(locale)} theme={theme} button={buttonConfig}>
      {children}
    </ConfigProvider>
  );
}
