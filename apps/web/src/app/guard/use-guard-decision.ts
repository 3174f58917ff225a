import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useSessionStore } from '../../stores/session-store';
import { useDeviceMode } from '../../hooks/use-device-mode';
import { isForbiddenPath } from '../route-access';
import { roleRoutes } from '../role-routes';
import { decideGuard, type GuardDecision } from './guard-decision';

/** The guard's decision for the current location, recomputed when anything it depends on changes. */
export function useGuardDecision(): GuardDecision {
  const { pathname, search } = useLocation();
  const deviceMode = useDeviceMode();
  const hasToken = useSessionStore((state) => state.token !== null);
  const phase = useSessionStore((state) => state.phase);
  const roles = useSessionStore((state) => state.roles);
  return useMemo(
    () =>
      decideGuard({
        pathname,
        search,
        deviceMode,
        hasToken,
        phase,
        forbidden: isForbiddenPath(roleRoutes, pathname, roles),
      }),
    [pathname, search, deviceMode, hasToken, phase, roles],
  );
}
