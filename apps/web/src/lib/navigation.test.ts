import { describe, expect, it, vi } from 'vitest';
import { isAppPath, navigateTo, registerNavigator } from './navigation';

describe('navigation outside components', () => {
  it.each(['/home', '/notes?tab=2', '/space/7/page/9#b1', '/'])(
    'accepts the app path %s',
    (path) => {
      expect(isAppPath(path)).toBe(true);
    },
  );

  it.each([
    '//evil.example/x',
    '/\\evil.example/x',
    'https://evil.example/x',
    'javascript:alert(1)',
    'home',
    '/\t/evil.example',
    '',
  ])('refuses %j, which is not a path of this site', (path) => {
    expect(isAppPath(path)).toBe(false);
  });

  it('goes to /home instead of a path that would leave the site', async () => {
    const navigate = vi.fn(async () => undefined);
    registerNavigator({ navigate, currentPath: () => '/', installRoutesFor: () => undefined });
    await navigateTo('//evil.example/x');
    await navigateTo('/notes', { replace: true });
    expect(navigate.mock.calls).toEqual([
      ['/home', undefined],
      ['/notes', { replace: true }],
    ]);
  });
});
