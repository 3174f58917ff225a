import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Centered spinner while a screen or the session loads. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="full-page-spinner" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
