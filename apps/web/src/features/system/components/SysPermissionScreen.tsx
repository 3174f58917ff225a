import { ComingSoon } from '../../../components/ComingSoon';

/** /sys/permission: roles and permissions, built by a later issue. */
export function SysPermissionScreen() {
  return <ComingSoon featureKey="routes.sysPermission" />;
}
