// The app's data router. Role routes are added after login and removed on logout by building a
// fresh router for the new role list (React Router has no API to remove patched routes, and a
// rebuild keeps "what the user may see" a pure function of their roles). The browser history
// is the same, so the new router simply starts at the current URL. Components read the current
// router through useAppRouter; non-React code navigates through lib/navigation.
import { useSyncExternalStore } from 'react';
import { createBrowserRouter, type DataRouter, type RouteObject } from 'react-router';
import { registerNavigator } from '../lib/navigation';
import { defaultRoles, sameRoles, useSessionStore } from '../stores/session-store';
import { buildRoutes } from './routes';

export type RouterFactory = (routes: RouteObject[]) => DataRouter;

let factory: RouterFactory = (routes) => createBrowserRouter(routes);
let installed: { router: DataRouter; roles: readonly string[] } | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Builds (or keeps) the router for these roles. */
export function installRouter(roles: readonly string[]): DataRouter {
  if (installed && sameRoles(installed.roles, roles)) return installed.router;
  const previous = installed?.router;
  installed = { router: factory(buildRoutes(roles)), roles };
  previous?.dispose();
  notify();
  return installed.router;
}

export function getRouter(): DataRouter {
  return installed?.router ?? installRouter(useSessionStore.getState().roles ?? defaultRoles);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppRouter(): DataRouter {
  return useSyncExternalStore(subscribe, getRouter);
}

/** Tests start routers in memory; passing nothing restores the browser router. */
export function setRouterFactory(next?: RouterFactory): void {
  installed?.router.dispose();
  installed = null;
  factory = next ?? ((routes) => createBrowserRouter(routes));
}

registerNavigator({
  navigate: (to, options) => getRouter().navigate(to, options),
  currentPath: () => {
    const { pathname, search } = getRouter().state.location;
    return `${pathname}${search}`;
  },
  installRoutesFor: (roles) => {
    installRouter(roles);
  },
});
