// Who administers the library as a whole: the holders of the ADMIN role. They see the admin
// menus (spec §6) and configure what only administrators configure, such as the AI's model
// providers (ai.policy.ts).
import { AdminMenu, Role } from '@library/contract';

export function isSystemAdmin(roles: readonly string[]): boolean {
  return roles.includes(Role.admin);
}

/** The admin menus the roles open: all of them for an administrator, none otherwise. */
export function adminMenusOf(roles: readonly string[]): string[] {
  return isSystemAdmin(roles) ? [...AdminMenu] : [];
}
