// What a route tells the rest of the app through its `handle`: its page title and the roles
// allowed to see it (spec §2).
import { useMatches } from 'react-router';
import type { TranslationKey } from './i18n-keys';

export interface RouteHandle {
  /** i18n key of the page title (document title `name | title`) */
  titleKey?: TranslationKey;
  /** roles allowed to see this route; absent means everyone */
  roles?: readonly string[];
}

export function asRouteHandle(handle: unknown): RouteHandle {
  return typeof handle === 'object' && handle !== null ? (handle as RouteHandle) : {};
}

/** The title key of the deepest matched route that has one. */
export function usePageTitleKey(): TranslationKey | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const key = asRouteHandle(matches[index]?.handle).titleKey;
    if (key) return key;
  }
  return null;
}

/** A route's title and roles, typed (React Router keeps `handle` as unknown). */
export function routeMeta(handle: RouteHandle): RouteHandle {
  return handle;
}
