import { Segmented } from 'antd';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/Permission';
import { paths } from '../../../config/paths';
import { sysAdminRoles, sysOrdersRoles } from '../../../config/sys-roles';

/**
 * System administration: users, permission, AI models, templates and the audit log (administrators), orders (also roles
 * granted its menu); the tabs are the screens the user may see.
 */
export function SysManageLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const admin = usePermission(sysAdminRoles);
  const orders = usePermission(sysOrdersRoles);
  const options = [
    ...(admin
      ? [
          { value: paths.sysUsers.path, label: t('routes.sysUsers') },
          { value: paths.sysPermission.path, label: t('routes.sysPermission') },
          { value: paths.sysAi.path, label: t('ai.providers.title') },
          { value: paths.sysTemplates.path, label: t('routes.sysTemplates') },
          { value: paths.sysAudit.path, label: t('routes.sysAudit') },
        ]
      : []),
    ...(orders ? [{ value: paths.sysOrders.path, label: t('routes.sysOrders') }] : []),
  ];
  const current = options.find((option) => pathname.startsWith(option.value)) ?? options[0];
  return (
    <div className="sys-manage">
      <Segmented
        value={current?.value}
        onChange={(value) => navigate(String(value))}
        options={options}
      />
      <Outlet />
    </div>
  );
}

/** /sys-manage: the first screen the user may see — users for administrators, else orders. */
export function SysManageIndex() {
  const admin = usePermission(sysAdminRoles);
  return <Navigate to={admin ? paths.sysUsers.path : paths.sysOrders.path} replace />;
}
