// The routes bound to system roles (spec §2), apart from the route table so that the guard can
// tell a forbidden path without importing the table (which holds the root layout, and so the
// guard itself).
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { sysAdminRoles, sysManageRoles, sysOrdersRoles } from '../config/sys-roles';
import { routeMeta as meta } from '../lib/route-meta';

const adminOnly = sysAdminRoles;
const sysManageLayout = () => import('../features/system/components/SysManageLayout');

/** Routes bound to system roles; they exist in the router only for users who hold one. */
export const roleRoutes: RouteObject[] = [
  {
    id: 'sysManage',
    handle: meta({ titleKey: 'routes.sysManage', roles: sysManageRoles }),
    lazy: () => sysManageLayout().then((m) => ({ Component: m.SysManageLayout })),
    children: [
      {
        path: paths.sysManage.path,
        handle: meta({ roles: sysManageRoles }),
        // the first screen the user may see: users for administrators, else orders
        lazy: () => sysManageLayout().then((m) => ({ Component: m.SysManageIndex })),
      },
      {
        path: paths.sysUsers.path,
        handle: meta({ titleKey: 'routes.sysUsers', roles: adminOnly }),
        lazy: () =>
          import('../features/system/components/SysUsersScreen').then((m) => ({
            Component: m.SysUsersScreen,
          })),
      },
      {
        path: paths.sysPermission.path,
        handle: meta({ titleKey: 'routes.sysPermission', roles: adminOnly }),
        lazy: () =>
          import('../features/system/components/SysPermissionScreen').then((m) => ({
            Component: m.SysPermissionScreen,
          })),
      },
      {
        path: paths.sysOrders.path,
        handle: meta({ titleKey: 'routes.sysOrders', roles: sysOrdersRoles }),
        lazy: () =>
          import('../features/orders/components/SysOrdersScreen').then((m) => ({
            Component: m.SysOrdersScreen,
          })),
      },
      {
        path: paths.sysTemplates.path,
        handle: meta({ titleKey: 'routes.sysTemplates', roles: adminOnly }),
        lazy: () =>
          import('../features/templates/components/SysTemplatesScreen').then((m) => ({
            Component: m.SysTemplatesScreen,
          })),
      },
      {
        path: paths.sysAi.path,
        handle: meta({ titleKey: 'ai.providers.title', roles: adminOnly }),
        lazy: () =>
          import('../features/system/components/AiProvidersScreen').then((m) => ({
            Component: m.AiProvidersScreen,
          })),
      },
      {
        path: paths.sysAudit.path,
        handle: meta({ titleKey: 'routes.sysAudit', roles: adminOnly }),
        lazy: () =>
          import('../features/audit/components/SysAuditScreen').then((m) => ({
            Component: m.SysAuditScreen,
          })),
      },
    ],
  },
];
