import { ComingSoon } from '../../../components/ComingSoon';

/** /sys/users: user administration, built by a later issue. */
export function SysUsersScreen() {
  return <ComingSoon featureKey="routes.sysUsers" />;
}
