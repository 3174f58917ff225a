// Navigation for code that runs outside components (session start and end, the API client's
// 401 handling). The router module registers itself here, so features need not import the route
// table (which imports them).

export interface AppNavigator {
  navigate: (to: string, options?: { replace?: boolean }) => Promise<void>;
  /** the current path with its query string */
  currentPath: () => string;
  /** rebuilds the routes for these roles (role routes added or removed) */
  installRoutesFor: (roles: readonly string[]) => void;
}

let navigator: AppNavigator | null = null;

export function registerNavigator(next: AppNavigator): void {
  navigator = next;
}

export function navigateTo(to: string, options?: { replace?: boolean }): Promise<void> {
  if (navigator) return navigator.navigate(to, options);
  window.location.assign(to);
  return Promise.resolve();
}

export function currentPath(): string {
  return navigator?.currentPath() ?? `${window.location.pathname}${window.location.search}`;
}

export function installRoutesFor(roles: readonly string[]): void {
  navigator?.installRoutesFor(roles);
}
