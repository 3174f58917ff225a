import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Shown when a screen fails to load or crashes (e.g. an old chunk after an update). */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (error) console.error(error);
  return (
    <div className="centered-screen">
      <Result
        status="error"
        title={t('errors.screenFailed')}
        subTitle={t('errors.screenFailedHint')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        }
      />
    </div>
  );
}
