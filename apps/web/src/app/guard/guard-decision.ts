// The route guard of spec §2 as one pure function: given where the user is going and what the
// app knows about them, decide whether to let them in, send them elsewhere, ask them to log in,
// or first load their session. <RouteGuard> only carries the decision out.
import { matchPath } from 'react-router';
import {
  openPaths,
  paths,
  publicPathPrefixes,
  sharePaths,
  visitorSpacePaths,
} from '../../config/paths';
import { appPathOrFallback } from '../../lib/navigation';
import { memberPathOf, openSpaceMobileHref } from '../../config/space-hrefs';
import type { SessionPhase } from '../../stores/session-store';
import type { DeviceMode } from '../../stores/device-store';

export interface GuardInput {
  pathname: string;
  /** query string with its '?', or '' */
  search: string;
  deviceMode: DeviceMode;
  hasToken: boolean;
  phase: SessionPhase;
  /** the path belongs to a role route the user does not hold a role for */
  forbidden: boolean;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** no token: open the login dialog and come back to `wantedPath` (an app path) afterwards */
  | { kind: 'login'; wantedPath: string }
  /** token but no session yet: load user, roles and spaces first */
  | { kind: 'initialize' }
  /** logout in progress */
  | { kind: 'wait' };

function startsWithSegment(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Open without login: the public prefixes, the open screens and the open space routes. */
export function isPublicPath(pathname: string): boolean {
  return (
    publicPathPrefixes.some((prefix) => pathname.startsWith(prefix)) ||
    (openPaths as readonly string[]).includes(pathname) ||
    visitorSpacePaths.some((pattern) => matchPath(pattern, pathname) !== null) ||
    sharePaths.some((pattern) => matchPath(pattern, pathname) !== null)
  );
}

/**
 * Mobile devices get the mobile space views (/space → /space-mobile, /open-space →
 * /open-space/mobile); desktops opening a mobile space link get the desktop view back.
 */
export function deviceRedirect(pathname: string, deviceMode: DeviceMode): string | null {
  const spaceMobile = paths.spaceMobileList.path;
  const openSpaceMobile = paths.openSpaceMobile.path;
  if (deviceMode === 'Mobile') {
    if (startsWithSegment(pathname, '/space'))
      return `${spaceMobile}${pathname.slice('/space'.length)}`;
    if (
      startsWithSegment(pathname, '/open-space') &&
      !startsWithSegment(pathname, openSpaceMobile)
    ) {
      // the space and page go along in the query (the phone's open space view shows them)
      const [spaceId, section, pageId] = pathname.split('/').slice(2);
      if (!spaceId) return openSpaceMobile;
      return openSpaceMobileHref(
        decodeURIComponent(spaceId),
        section === 'page' && pageId ? decodeURIComponent(pageId) : undefined,
      );
    }
    return null;
  }
  if (startsWithSegment(pathname, spaceMobile)) {
    const rest = pathname.slice(spaceMobile.length).split('/').filter(Boolean);
    const [spaceId, section] = rest;
    if (!spaceId) return paths.home.path;
    // /space-mobile/:id/ai/:conversationId has no desktop twin deeper than the AI screen.
    if (section === 'ai') return paths.spaceAi.getHref(decodeURIComponent(spaceId));
    return `/space/${rest.join('/')}`;
  }
  return null;
}

/** The member view (/space/…) of an open space view path (/open-space/:spaceId…), if it is one. */
export function memberViewOf(pathname: string): string | null {
  const open = [paths.openSpace.path, paths.openSpacePage.path, paths.openSpaceAi.path];
  if (startsWithSegment(pathname, paths.openSpaceMobile.path)) return null;
  return open.some((pattern) => matchPath(pattern, pathname) !== null)
    ? memberPathOf(pathname)
    : null;
}

/** The space id of a visitor entry path /open/:spaceId, if it is one. */
export function openEntrySpaceId(pathname: string): string | null {
  const match = /^\/open\/([^/]+)\/?$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

export function decideGuard(input: GuardInput): GuardDecision {
  const { pathname, search, deviceMode, hasToken, phase } = input;
  if (phase === 'signing-out') return { kind: 'wait' };

  const deviceTarget = deviceRedirect(pathname, deviceMode);
  if (deviceTarget) {
    // a target with its own query (the phone's open space view) does not take the old one
    const to = deviceTarget.includes('?') ? deviceTarget : `${deviceTarget}${search}`;
    return { kind: 'redirect', to };
  }

  if (!hasToken) {
    if (isPublicPath(pathname)) return { kind: 'allow' };
    // Only an app path is worth coming back to; `//evil.example/x` would leave the site.
    return { kind: 'login', wantedPath: appPathOrFallback(`${pathname}${search}`) };
  }

  if (phase !== 'ready') return { kind: 'initialize' };

  if (pathname === paths.root.path) return { kind: 'redirect', to: paths.home.path };
  const openSpaceId = openEntrySpaceId(pathname);
  if (openSpaceId) return { kind: 'redirect', to: paths.space.getHref(openSpaceId) };
  // a logged-in user sees an open space in the member view, as a member or a visitor
  const memberPath = memberViewOf(pathname);
  if (memberPath) return { kind: 'redirect', to: `${memberPath}${search}` };
  if (pathname === paths.login.path) return { kind: 'redirect', to: paths.home.path };
  if (input.forbidden) return { kind: 'redirect', to: paths.forbidden.path };
  return { kind: 'allow' };
}

/** Where the last visited route is worth remembering: logged-in screens, not the entry pages. */
export function isMemorableRoute(pathname: string): boolean {
  return !(openPaths as readonly string[]).includes(pathname) && pathname !== paths.root.path;
}
