// Role filtering of routes (spec §2): a route without a `roles` list is visible to everyone;
// otherwise the user must hold at least one listed role. Children are filtered the same way.
import { matchRoutes, type RouteObject } from 'react-router';
import { hasAnyRole } from '../stores/session-store';
import { asRouteHandle } from '../lib/route-meta';

export function canSeeRoute(route: RouteObject, held: readonly string[]): boolean {
  const { roles } = asRouteHandle(route.handle);
  return !roles || hasAnyRole(held, roles);
}

export function filterRoutesByRoles(routes: RouteObject[], held: readonly string[]): RouteObject[] {
  return routes
    .filter((route) => canSeeRoute(route, held))
    .map((route) =>
      route.index || !route.children
        ? route
        : { ...route, children: filterRoutesByRoles(route.children, held) },
    );
}

/** True when the path belongs to a role route this user may not see (the guard sends /403). */
export function isForbiddenPath(
  roleRoutes: RouteObject[],
  pathname: string,
  held: readonly string[],
): boolean {
  const matches = matchRoutes(roleRoutes, pathname);
  return !!matches && matches.some((match) => !canSeeRoute(match.route, held));
}
