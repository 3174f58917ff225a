import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';

function StatusScreen({ status, message }: { status: '403' | '404'; message: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="centered-screen">
      <Result
        status={status}
        title={status}
        subTitle={message}
        extra={
          <Button type="primary" onClick={() => navigate(paths.home.path)}>
            {t('status.backHome')}
          </Button>
        }
      />
    </div>
  );
}

/** /403: no permission. */
export function ForbiddenScreen() {
  const { t } = useTranslation();
  return <StatusScreen status="403" message={t('status.forbidden')} />;
}

/** /404 and every unknown path. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return <StatusScreen status="404" message={t('status.notFound')} />;
}
