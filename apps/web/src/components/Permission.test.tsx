import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, renderHook, screen } from '@testing-library/react';
import { Role } from '@library/contract';
import { defaultRoles, useSessionStore } from '../stores/session-store';
import { Permission, usePermission } from './Permission';

function holdRoles(roles: string[]) {
  useSessionStore.setState({ roles });
}

afterEach(() => {
  useSessionStore.setState({ roles: defaultRoles });
});

describe('the permission directive (spec §5)', () => {
  it('keeps the element for a user holding one of the roles', () => {
    holdRoles([Role.default, Role.admin]);
    render(
      <Permission roles={[Role.admin, 'AUDITOR']}>
        <button type="button">系统管理</button>
      </Permission>,
    );
    expect(screen.getByRole('button', { name: '系统管理' })).toBeTruthy();
  });

  it('removes the element when the user holds none of them', () => {
    holdRoles([Role.default]);
    const { container } = render(
      <Permission roles={[Role.admin]}>
        <button type="button">系统管理</button>
      </Permission>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('follows the roles as they change (a logout drops them)', () => {
    holdRoles([Role.admin]);
    const { result, rerender } = renderHook(() => usePermission([Role.admin]));
    expect(result.current).toBe(true);
    holdRoles([Role.default]);
    rerender();
    expect(result.current).toBe(false);
  });

  it('refuses an empty list: a type error, and a thrown error in development', () => {
    holdRoles([Role.admin]);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const empty: string[] = [];
    expect(() =>
      render(
        // @ts-expect-error an empty list is not a RoleList
        <Permission roles={[]}>
          <span>x</span>
        </Permission>,
      ),
    ).toThrow(/non-empty list of role names/);
    expect(() =>
      renderHook(() => usePermission(empty as unknown as [string, ...string[]])),
    ).toThrow(/non-empty/);
    quiet.mockRestore();
  });
});
