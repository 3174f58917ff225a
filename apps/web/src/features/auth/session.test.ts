import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, StorageKey } from '@library/contract';
import { api, configureApiClient, resetApiClient } from '../../lib/api-client';
import { registerNavigator } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { toast, useToastStore } from '../../components/toast';
import { configureApi } from '../../app/configure-api';
import { createFakeServer, sampleUser } from '../../test/fake-server';
import { useDialogStore } from '../../stores/dialog-store';
import {
  endSession,
  followOtherTabs,
  loadSession,
  postLoginTarget,
  handleSessionExpired,
} from './session';
import { useLoginRedirectStore } from './stores/login-redirect-store';
import { useRegisterInviteStore } from './stores/register-invite-store';
import { defaultRoles, saveToken, useSessionStore } from '../../stores/session-store';

const sessionAnswers: Record<string, unknown> = {
  '/api/v1/user': sampleUser,
  '/api/system/v1/users/loginRole': { devicePolicy: [Role.default], deviceMenu: [] },
  '/api/v3/space/group': [],
};

function envelope(data: unknown): Response {
  return new Response(JSON.stringify({ code: 0, data, msg: 'ok' }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Answers the three first-entry calls after `delayMs`, unless the call is aborted first. */
function slowSessionFetch(delayMs: number) {
  return vi.fn<typeof fetch>(
    (input, init) =>
      new Promise<Response>((resolve, reject) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        const timer = setTimeout(() => resolve(envelope(sessionAnswers[path] ?? null)), delayMs);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('aborted', 'AbortError'));
        });
      }),
  );
}

function toastMessages(): string[] {
  return useToastStore.getState().toasts.map((item) => item.message);
}

describe('the login session (spec §2, §4, §8)', () => {
  let location = '/home';
  const navigate = vi.fn(async (to: string) => {
    location = to;
  });

  beforeEach(() => {
    location = '/home';
    navigate.mockClear();
    registerNavigator({
      navigate,
      currentPath: () => location,
      installRoutesFor: () => undefined,
    });
    useSessionStore.setState({ token: 'tok', roles: defaultRoles, phase: 'idle' });
    useDialogStore.setState({ type: null });
    useLoginRedirectStore.getState().forget();
    queryClient.clear();
    toast.closeAll();
    // the app's wiring: token from the session store, 401 to handleSessionExpired, error toasts
    configureApi();
  });

  afterEach(() => {
    resetApiClient();
    toast.closeAll();
    vi.useRealTimers();
  });

  describe('first entry with a token', () => {
    it('gives the three calls the 15 s guard limit: an answer after 8 s still loads', async () => {
      vi.useFakeTimers();
      const fetch = slowSessionFetch(8000);
      configureApiClient({ fetch });

      const loading = loadSession();
      await vi.advanceTimersByTimeAsync(8000);

      await expect(loading).resolves.toBe(true);
      expect(fetch).toHaveBeenCalledTimes(3);
      expect(useSessionStore.getState()).toMatchObject({ token: 'tok', phase: 'ready' });
      expect(toastMessages()).toEqual([]);
    });

    it('fails after 15 s: permission initialisation failure, logged out, login dialog', async () => {
      vi.useFakeTimers();
      configureApiClient({ fetch: slowSessionFetch(16_000) });

      const loading = loadSession();
      await vi.advanceTimersByTimeAsync(14_999);
      expect(useSessionStore.getState().phase).toBe('loading');
      await vi.advanceTimersByTimeAsync(1);

      await expect(loading).resolves.toBe(false);
      expect(toastMessages()).toEqual(['权限初始化失败，请重新登录']);
      expect(useSessionStore.getState().token).toBeNull();
      expect(useDialogStore.getState().type).toBe('login');
      expect(location).toBe('/');
    });

    it('does not share a load across a token change', async () => {
      let releaseFirst: () => void = () => undefined;
      const firstAnswered = new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      const bearers: (string | null)[] = [];
      const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
        const authorization = new Headers(init?.headers).get('Authorization');
        bearers.push(authorization);
        if (authorization === 'Bearer tok-a') await firstAnswered;
        return envelope(
          sessionAnswers[new URL(String(input), 'http://localhost').pathname] ?? null,
        );
      });
      configureApiClient({ fetch });

      useSessionStore.setState({ token: 'tok-a' });
      const first = loadSession();
      saveToken('tok-b');
      const second = loadSession();
      releaseFirst();

      await expect(second).resolves.toBe(true);
      await expect(first).resolves.toBe(false);
      expect(useSessionStore.getState()).toMatchObject({ token: 'tok-b', phase: 'ready' });
      expect(bearers).toEqual([...Array(3).fill('Bearer tok-a'), ...Array(3).fill('Bearer tok-b')]);
    });
  });

  describe('the path remembered for after login', () => {
    it('keeps an app path', () => {
      useLoginRedirectStore.getState().remember('/notes?tab=2');
      expect(postLoginTarget('/login')).toBe('/notes?tab=2');
    });

    it.each([
      '//evil.example/x',
      '/\\evil.example/x',
      'https://evil.example/x',
      '/\t/evil.example',
    ])('turns %j into /home', (wanted) => {
      useLoginRedirectStore.getState().remember(wanted);
      expect(useLoginRedirectStore.getState().target).toBe('/home');
      expect(postLoginTarget('/login')).toBe('/home');
    });

    it('keeps the session when going to the remembered page fails', async () => {
      configureApiClient({
        fetch: vi.fn<typeof fetch>(async (input) =>
          envelope(sessionAnswers[new URL(String(input), 'http://localhost').pathname] ?? null),
        ),
      });
      navigate.mockImplementationOnce(() => Promise.reject(new Error('navigation failed')));

      await expect(loadSession({ thenGoTo: '/notes' })).resolves.toBe(true);

      expect(useSessionStore.getState()).toMatchObject({ token: 'tok', phase: 'ready' });
      expect(navigate.mock.calls.map(([to]) => to)).toEqual(['/notes', '/home']);
      expect(toastMessages()).toEqual([]);
    });
  });

  describe('logout', () => {
    it('also clears the register invite code and the last visited route', async () => {
      configureApiClient({ fetch: createFakeServer({ 'DELETE /api/v1/user/logout': null }).fetch });
      useRegisterInviteStore.getState().setInviteCode('INV42');
      localStorage.setItem(StorageKey.lastVisitedRoute, '/notes');

      await endSession();

      expect(useRegisterInviteStore.getState().inviteCode).toBe('');
      expect(localStorage.getItem(StorageKey.lastVisitedRoute)).toBeNull();
      expect(location).toBe('/login');
    });

    it('follows a logout in another tab', async () => {
      localStorage.setItem(StorageKey.token, 'tok');
      const stop = followOtherTabs();
      try {
        // the other tab removes the shared token
        localStorage.removeItem(StorageKey.token);
        window.dispatchEvent(
          new StorageEvent('storage', { key: StorageKey.token, oldValue: 'tok', newValue: null }),
        );
        await vi.waitFor(() => expect(location).toBe('/login'));
        expect(useSessionStore.getState().token).toBeNull();
      } finally {
        stop();
      }
    });

    it('ignores other storage changes', () => {
      localStorage.setItem(StorageKey.token, 'tok');
      const stop = followOtherTabs();
      window.dispatchEvent(
        new StorageEvent('storage', { key: StorageKey.locale, newValue: 'en_US' }),
      );
      stop();
      expect(useSessionStore.getState().token).toBe('tok');
      expect(navigate).not.toHaveBeenCalled();
    });
  });

  describe('a 401 from the API', () => {
    it('opens the login dialog even without a token', async () => {
      useSessionStore.setState({ token: null });
      configureApiClient({
        fetch: vi.fn<typeof fetch>(async () => new Response('', { status: 401 })),
      });

      await expect(api.get('/v3/space/openSpace')).rejects.toMatchObject({ status: 401 });

      expect(useDialogStore.getState().type).toBe('login');
      expect(toastMessages()).toEqual([]);
    });

    it('logs out with a token and remembers the page for the next login', async () => {
      location = '/notes';
      handleSessionExpired();
      await vi.waitFor(() => expect(useDialogStore.getState().type).toBe('login'));
      expect(useSessionStore.getState().token).toBeNull();
      expect(useLoginRedirectStore.getState().target).toBe('/notes');
    });
  });
});
