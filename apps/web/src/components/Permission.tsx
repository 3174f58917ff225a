// The permission directive of spec §5 over the system roles the session loaded from `loginRole`
// (stores/session-store.ts): a non-empty list of role names; the element is removed when the user
// holds none of them. The list type needs at least one name; an empty list that slips through
// (a computed array) fails loudly in development and hides the element in production.
import type { ReactNode } from 'react';
import { hasAnyRole, useSessionStore } from '../stores/session-store';

/** At least one role name. */
export type RoleList = readonly [string, ...string[]];

const emptyListMessage =
  'The permission directive needs a non-empty list of role names, e.g. roles={[Role.admin]}';

function assertRoles(roles: readonly string[]): boolean {
  if (roles.length > 0) return true;
  if (import.meta.env.DEV) throw new Error(emptyListMessage);
  return false;
}

/** True when the logged-in user holds at least one of these roles (spec §5's rule as a hook). */
export function usePermission(roles: RoleList): boolean {
  const held = useSessionStore((state) => state.roles);
  return assertRoles(roles) && hasAnyRole(held, roles);
}

/** Renders its children only for holders of at least one of `roles` (spec §5). */
export function Permission({ roles, children }: { roles: RoleList; children: ReactNode }) {
  return usePermission(roles) ? children : null;
}
