import type { ReactNode } from 'react';
import { hasAnyRole, useSessionStore } from '../stores/session-store';

export type RoleList = readonly [string, ...string[]];

/** True when the logged-in user holds at least one of these roles. */
export function useHasAnyRole(roles: readonly string[]): boolean {
  const held = useSessionStore((state) => state.roles);
  return hasAnyRole(held, roles);
}

/**
 * The permission directive of spec §5: needs a non-empty list of role names and renders nothing
 * when the user holds none of them.
 */
export function Permission({ roles, children }: { roles: RoleList; children: ReactNode }) {
  const allowed = useHasAnyRole(roles);
  if (roles.length === 0) {
    console.error('<Permission> needs a non-empty list of role names, e.g. roles={["ADMIN"]}');
    return null;
  }
  return allowed ? children : null;
}
