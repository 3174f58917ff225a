// The loading and failure states every viewer shares.
import type { ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function ViewerLoading() {
  const { t } = useTranslation();
  return (
    <div className="file-viewer-state" role="status" aria-live="polite">
      <Spin />
      <span>{t('files.viewer.loading')}</span>
    </div>
  );
}

export function ViewerFailed({ onRetry, extra }: { onRetry?: () => void; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      className="file-viewer-result"
      title={t('files.viewer.failed')}
      subTitle={t('files.viewer.failedHint')}
      extra={
        <>
          {onRetry && <Button onClick={onRetry}>{t('files.viewer.retry')}</Button>}
          {extra}
        </>
      }
    />
  );
}
