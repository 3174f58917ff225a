import { Segmented } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';

/** System administration (administrators only): users, permission and AI models. */
export function SysManageLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <div className="sys-manage">
      <Segmented
        value={
          pathname.startsWith(paths.sysPermission.path)
            ? paths.sysPermission.path
            : pathname.startsWith(paths.sysAi.path)
              ? paths.sysAi.path
              : paths.sysUsers.path
        }
        onChange={(value) => navigate(String(value))}
        options={[
          { value: paths.sysUsers.path, label: t('routes.sysUsers') },
          { value: paths.sysPermission.path, label: t('routes.sysPermission') },
          { value: paths.sysAi.path, label: t('ai.providers.title') },
        ]}
      />
      <Outlet />
    </div>
  );
}
