// Navigation for code that runs outside components (session start and end, the API client's
// 401 handling). The router module registers itself here, so features need not import the route
// table (which imports them). Only same-origin app paths are ever navigated to.

export interface AppNavigator {
  navigate: (to: string, options?: { replace?: boolean }) => Promise<void>;
  /** the current path with its query string */
  currentPath: () => string;
  /** rebuilds the routes for these roles (role routes added or removed) */
  installRoutesFor: (roles: readonly string[]) => void;
}

/** Where a path that is not an app path leads instead. */
export const fallbackAppPath = '/home';

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * A path inside this app: exactly one leading `/` (browsers read `//host` and `/\host` as another
 * site) and no control characters (browsers drop tabs and line breaks, which could form `//`).
 */
export function isAppPath(path: string): boolean {
  return /^\/(?![/\\])/.test(path) && !hasControlCharacter(path);
}

/** The path itself when it is an app path, else /home. */
export function appPathOrFallback(path: string | null | undefined): string {
  return path && isAppPath(path) ? path : fallbackAppPath;
}

let navigator: AppNavigator | null = null;

export function registerNavigator(next: AppNavigator): void {
  navigator = next;
}

/** Navigates inside the app; anything that is not an app path goes to /home instead. */
export function navigateTo(to: string, options?: { replace?: boolean }): Promise<void> {
  // Without a router (never in the app: router.ts registers on load) there is nowhere to go.
  if (!navigator) return Promise.resolve();
  return navigator.navigate(appPathOrFallback(to), options);
}

export function currentPath(): string {
  return navigator?.currentPath() ?? `${window.location.pathname}${window.location.search}`;
}

export function installRoutesFor(roles: readonly string[]): void {
  navigator?.installRoutesFor(roles);
}
