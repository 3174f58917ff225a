// The routes bound to system roles (spec §2), apart from the route table so that the guard can
// tell a forbidden path without importing the table (which holds the root layout, and so the
// guard itself).
import { Navigate, type RouteObject } from 'react-router';
import { Role } from '@library/contract';
import { paths } from '../config/paths';
import { routeMeta as meta } from '../lib/route-meta';

const adminOnly = [Role.admin];

/** Routes bound to system roles; they exist in the router only for users who hold one. */
export const roleRoutes: RouteObject[] = [
  {
    id: 'sysManage',
    handle: meta({ titleKey: 'routes.sysManage', roles: adminOnly }),
    lazy: () =>
      import('../features/system/components/SysManageLayout').then((m) => ({
        Component: m.SysManageLayout,
      })),
    children: [
      {
        path: paths.sysManage.path,
        handle: meta({ roles: adminOnly }),
        element: <Navigate to={paths.sysUsers.path} replace />,
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
        path: paths.sysAi.path,
        handle: meta({ titleKey: 'ai.providers.title', roles: adminOnly }),
        lazy: () =>
          import('../features/system/components/AiProvidersScreen').then((m) => ({
            Component: m.AiProvidersScreen,
          })),
      },
    ],
  },
];
