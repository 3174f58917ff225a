// Who sees which screens of system administration (spec §2: /sys-manage is the admin role's). The
// orders grid is also shown to a role granted its menu: `loginRole` lists granted menus beside the
// role names (stores/session-store.ts rolesFrom), so `sys-orders` is held like a role.
import { Role, type AdminMenu } from '@library/contract';

const ordersMenu = 'sys-orders' satisfies (typeof AdminMenu)[number];

/** users, permission, AI models */
export const sysAdminRoles = [Role.admin] as const;
/** the orders grid and the goods */
export const sysOrdersRoles = [Role.admin, ordersMenu] as const;
/** any screen of system administration, so its entry and layout */
export const sysManageRoles = sysOrdersRoles;
