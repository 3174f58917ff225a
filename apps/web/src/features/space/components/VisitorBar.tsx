// The top bar of an open space for anonymous visitors (the logged-in shell is not theirs): the
// library's name leading home, what they are looking at, and the way in — logging in continues
// on the same space, page or chat in the member view.
import { Button, Typography } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { askToLogIn } from '../../auth';
import { memberPathOf } from '../../../config/space-hrefs';

export function VisitorBar() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <header className="visitor-bar">
      <Link to={paths.home.getHref()} className="visitor-bar-name">
        <Typography.Text strong>{t('app.name')}</Typography.Text>
      </Link>
      <Typography.Text type="secondary" className="visitor-bar-note" ellipsis>
        {t('spaces.visitorBar')}
      </Typography.Text>
      <Button
        type="primary"
        size="small"
        icon={<LoginOutlined />}
        onClick={() => askToLogIn(memberPathOf(pathname) + search)}
      >
        {t('spaces.logIn')}
      </Button>
    </header>
  );
}
