// What leaves the server about system roles and the resources they are granted.
import {
  AdminMenu,
  Role,
  systemResources,
  type SystemResource,
  type SystemRole,
} from '@library/contract';
import type { listRoles } from './role.repo.js';

type RoleListRow = Awaited<ReturnType<typeof listRoles>>[number];

/** A role with its holders' count; ADMIN holds every resource, whatever its rows say. */
export function presentRole(found: RoleListRow): SystemRole {
  const { role } = found;
  const known = new Set<string>(systemResources);
  return {
    name: role.name,
    title: role.title,
    builtin: role.builtin,
    resources:
      role.name === Role.admin
        ? [...systemResources]
        : found.resources.filter((resource): resource is SystemResource => known.has(resource)),
    features: role.features,
    userCount: found.userCount,
  };
}

/** Every resource, the admin menus told apart from the API permissions. */
export function presentResources() {
  const menus = new Set<string>(AdminMenu);
  return {
    list: systemResources.map((key) => ({
      key,
      kind: menus.has(key) ? ('menu' as const) : ('api' as const),
    })),
  };
}
