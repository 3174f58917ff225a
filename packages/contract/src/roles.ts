// System role names. The spec names DEFAULT_ROLE and an admin role; routes list the roles they allow.
export const Role = {
  default: 'DEFAULT_ROLE',
  admin: 'ADMIN',
} as const;
export type RoleName = (typeof Role)[keyof typeof Role];

/** Menu keys an administrator's deviceMenu list carries. */
export const AdminMenu = ['sys-manage', 'sys-users', 'sys-permission', 'sys-orders'] as const;

/** Calls of the administration a role other than ADMIN can be granted (ADMIN holds them all). */
export const ApiPermission = [
  'users:read',
  'users:write',
  'roles:write',
  'orders:read',
  'orders:write',
  'templates:write',
] as const;

/** What a system role is granted: admin menus and API permissions. */
export const systemResources = [...AdminMenu, ...ApiPermission] as const;
export type SystemResource = (typeof systemResources)[number];

/** Browser storage keys of spec §3. */
export const StorageKey = {
  token: 'token',
  layout: 'config-layout',
  sidebarStatus: 'sidebar-status-key',
  locale: 'locale',
  theme: 'active-theme-name',
  lastVisitedRoute: 'last-visited-route',
} as const;
