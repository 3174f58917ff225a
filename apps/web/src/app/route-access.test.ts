import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { Role } from '@library/contract';
import { filterRoutesByRoles, isForbiddenPath } from './route-access';
import { roleRoutes } from './role-routes';
import { baseRoutes, buildRoutes } from './routes';

function paths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...paths(route.children ?? []),
  ]);
}

describe('role routes (spec §2)', () => {
  const table: RouteObject[] = [
    { path: '/open' },
    {
      path: '/reports',
      handle: { roles: ['ANALYST', 'ADMIN'] },
      children: [{ path: 'daily' }, { path: 'audit', handle: { roles: ['ADMIN'] } }],
    },
    { path: '/admin', handle: { roles: ['ADMIN'] } },
  ];

  it('keeps routes without roles and those where the user holds at least one role', () => {
    expect(paths(filterRoutesByRoles(table, ['ANALYST']))).toEqual(['/open', '/reports', 'daily']);
    expect(paths(filterRoutesByRoles(table, ['ADMIN']))).toEqual([
      '/open',
      '/reports',
      'daily',
      'audit',
      '/admin',
    ]);
    expect(paths(filterRoutesByRoles(table, [Role.default]))).toEqual(['/open']);
  });

  it('gives /sys-manage and its children only to administrators, on top of the base list', () => {
    const everyone = paths(buildRoutes([Role.default]));
    const admin = paths(buildRoutes([Role.default, Role.admin]));
    expect(everyone).not.toContain('/sys-manage');
    expect(everyone).not.toContain('/sys/users');
    expect(admin).toEqual(expect.arrayContaining(['/sys-manage', '/sys/users', '/sys/permission']));
    for (const path of paths(baseRoutes)) expect(everyone).toContain(path);
  });

  it('recognises a role route the user lacks (the guard shows /403)', () => {
    expect(isForbiddenPath(roleRoutes, '/sys/users', [Role.default])).toBe(true);
    expect(isForbiddenPath(roleRoutes, '/sys-manage', [Role.default])).toBe(true);
    expect(isForbiddenPath(roleRoutes, '/sys/users', [Role.admin])).toBe(false);
    expect(isForbiddenPath(roleRoutes, '/notes', [Role.default])).toBe(false);
  });
});
