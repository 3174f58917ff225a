import { describe, expect, it } from 'vitest';
import { decideGuard, deviceRedirect, isPublicPath, type GuardInput } from './guard-decision';

function input(overrides: Partial<GuardInput>): GuardInput {
  return {
    pathname: '/home',
    search: '',
    deviceMode: 'Desktop',
    hasToken: true,
    phase: 'ready',
    forbidden: false,
    ...overrides,
  };
}

describe('route guard (spec §2)', () => {
  it.each([
    '/home',
    '/portal/x',
    '/open/42',
    '/projects',
    '/teams/1',
    '/enterprises',
    '/investors',
    '/news/today',
    '/parks',
    '/403',
    '/404',
    '/register',
    '/login',
    // spec §6: visitors see the public prefixes and the open space route
    '/open-space/7',
    '/open-space/7/page/9',
    '/open-space/7/ai',
    '/open-space/mobile',
  ])('lets a visitor without token open the public path %s', (pathname) => {
    expect(isPublicPath(pathname)).toBe(true);
    expect(decideGuard(input({ pathname, hasToken: false, phase: 'idle' }))).toEqual({
      kind: 'allow',
    });
  });

  it.each([
    '/notes',
    '/course',
    '/space/1',
    '/open-space/1/other',
    '/open-spaces',
    '/addrbook',
    '/sys/users',
    '/',
  ])('asks a visitor to log in for %s and remembers it', (pathname) => {
    expect(
      decideGuard(input({ pathname, search: '?tab=2', hasToken: false, phase: 'idle' })),
    ).toEqual({ kind: 'login', wantedPath: `${pathname}?tab=2` });
  });

  it.each(['//evil.example/x', '/\\evil.example/x'])(
    'remembers /home instead of %s, which would leave the site',
    (pathname) => {
      expect(decideGuard(input({ pathname, hasToken: false, phase: 'idle' }))).toEqual({
        kind: 'login',
        wantedPath: '/home',
      });
    },
  );

  it('loads the session first on entry with a token, on any path', () => {
    expect(decideGuard(input({ pathname: '/notes', phase: 'idle' }))).toEqual({
      kind: 'initialize',
    });
    expect(decideGuard(input({ pathname: '/home', phase: 'loading' }))).toEqual({
      kind: 'initialize',
    });
  });

  it('sends / to /home once the session is loaded', () => {
    expect(decideGuard(input({ pathname: '/' }))).toEqual({ kind: 'redirect', to: '/home' });
  });

  it('sends a logged-in user from the visitor entry /open/:spaceId to /space/:spaceId', () => {
    expect(decideGuard(input({ pathname: '/open/abc' }))).toEqual({
      kind: 'redirect',
      to: '/space/abc',
    });
    expect(decideGuard(input({ pathname: '/open/abc', hasToken: false, phase: 'idle' }))).toEqual({
      kind: 'allow',
    });
  });

  it('sends a logged-in user from an open space view to the member view; visitors stay', () => {
    for (const [open, member] of [
      ['/open-space/abc', '/space/abc'],
      ['/open-space/abc/page/p1', '/space/abc/page/p1'],
      ['/open-space/abc/ai', '/space/abc/ai'],
    ] as const) {
      expect(decideGuard(input({ pathname: open, search: '?block=b1' }))).toEqual({
        kind: 'redirect',
        to: `${member}?block=b1`,
      });
      expect(decideGuard(input({ pathname: open, hasToken: false, phase: 'idle' }))).toEqual({
        kind: 'allow',
      });
    }
    expect(decideGuard(input({ pathname: '/open-space/mobile' }))).toEqual({ kind: 'allow' });
  });

  it('sends a logged-in user away from /login and into /403 for role routes they lack', () => {
    expect(decideGuard(input({ pathname: '/login' }))).toEqual({ kind: 'redirect', to: '/home' });
    expect(decideGuard(input({ pathname: '/sys/users', forbidden: true }))).toEqual({
      kind: 'redirect',
      to: '/403',
    });
  });

  it('waits while a logout is in progress', () => {
    expect(decideGuard(input({ phase: 'signing-out', hasToken: false }))).toEqual({ kind: 'wait' });
  });

  describe('device mode', () => {
    it('sends mobile devices from /space… to /space-mobile…, keeping the rest and the query', () => {
      expect(deviceRedirect('/space/7', 'Mobile')).toBe('/space-mobile/7');
      expect(deviceRedirect('/space/7/page/9', 'Mobile')).toBe('/space-mobile/7/page/9');
      expect(deviceRedirect('/space/7/ai', 'Mobile')).toBe('/space-mobile/7/ai');
      expect(
        decideGuard(input({ pathname: '/space/7', search: '?x=1', deviceMode: 'Mobile' })),
      ).toEqual({
        kind: 'redirect',
        to: '/space-mobile/7?x=1',
      });
    });

    it('sends mobile devices from /open-space… to /open-space/mobile, keeping space and page', () => {
      expect(deviceRedirect('/open-space/7', 'Mobile')).toBe('/open-space/mobile?space=7');
      expect(deviceRedirect('/open-space/7/ai', 'Mobile')).toBe('/open-space/mobile?space=7');
      expect(deviceRedirect('/open-space/7/page/3', 'Mobile')).toBe(
        '/open-space/mobile?space=7&page=3',
      );
      expect(deviceRedirect('/open-space/mobile', 'Mobile')).toBeNull();
      expect(
        decideGuard(
          input({
            pathname: '/open-space/7/page/3',
            search: '?block=b1',
            deviceMode: 'Mobile',
            hasToken: false,
            phase: 'idle',
          }),
        ),
      ).toEqual({ kind: 'redirect', to: '/open-space/mobile?space=7&page=3' });
    });

    it('redirects before the login check, so a visitor lands on the mobile path', () => {
      expect(
        decideGuard(input({ pathname: '/space/7', deviceMode: 'Mobile', hasToken: false })),
      ).toEqual({ kind: 'redirect', to: '/space-mobile/7' });
    });

    it('sends desktops from the mobile space views back to the desktop ones', () => {
      expect(deviceRedirect('/space-mobile/7', 'Desktop')).toBe('/space/7');
      expect(deviceRedirect('/space-mobile/7/page/9', 'Desktop')).toBe('/space/7/page/9');
      expect(deviceRedirect('/space-mobile/7/ai/c1', 'Desktop')).toBe('/space/7/ai');
      expect(deviceRedirect('/space-mobile', 'Desktop')).toBe('/home');
    });

    it('leaves other paths alone', () => {
      expect(deviceRedirect('/spaces', 'Mobile')).toBeNull();
      expect(deviceRedirect('/home', 'Mobile')).toBeNull();
      expect(deviceRedirect('/space/7', 'Desktop')).toBeNull();
    });
  });
});
