import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';

/** /403: no permission. */
export function ForbiddenScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="centered-screen">
      <Result
        status="403"
        title="403"
        subTitle={t('status.forbidden')}
        extra={
          <Button type="primary" onClick={() => navigate(paths.home.path)}>
            {t('status.backHome')}
          </Button>
        }
      />
    </div>
  );
}

/** /404 and every unknown path. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="centered-screen">
      <Result
        status="404"
        title="404"
        subTitle={t('status.notFound')}
        extra={
          <Button type="primary" onClick={() => navigate(paths.home.path)}>
            {t('status.backHome')}
          </Button>
        }
      />
    </div>
  );
}
