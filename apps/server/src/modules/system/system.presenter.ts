// What leaves the server about the caller's system roles, as the web reads them at login.
import { AdminMenu, Role, type LoginRoleResponse } from '@library/contract';

/**
 * devicePolicy holds the role names (the default role first), deviceMenu the admin menus among
 * the resources the roles were granted (all of them for an administrator).
 */
export function presentLoginRole(roles: string[], resources: string[]): LoginRoleResponse {
  const menus = new Set<string>(AdminMenu);
  return {
    devicePolicy: [Role.default, ...roles.filter((role) => role !== Role.default)],
    deviceMenu: resources.filter((resource) => menus.has(resource)),
  };
}
