import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, StorageKey } from '@library/contract';
import { configureApiClient, resetApiClient } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { toast } from '../components/toast';
import { useLoginRedirectStore } from '../features/auth/stores/login-redirect-store';
import { useRegisterInviteStore } from '../features/auth/stores/register-invite-store';
import { defaultRoles, useSessionStore } from '../stores/session-store';
import { useDialogStore } from '../stores/dialog-store';
import { createFakeServer, sampleUser } from '../test/fake-server';
import { App } from './App';
import { configureApi } from './configure-api';
import { getRouter, setRouterFactory } from './router';
import { formatDocumentTitle } from './use-document-title';

const loginResponse = { token: 'tok-1', user: sampleUser, registered: true };

function sessionRoutes(roles: { devicePolicy: string[]; deviceMenu: string[] }) {
  return {
    'GET /api/v1/user': sampleUser,
    'GET /api/system/v1/users/loginRole': roles,
    'GET /api/v3/space/group': [
      {
        groupId: 'g1',
        groupName: '默认分组',
        spaceList: [{ spaceId: 's1', name: '读书笔记', icon: null, description: '' }],
      },
    ],
    'DELETE /api/v1/user/logout': null,
  };
}

const readerRoles = { devicePolicy: [Role.default], deviceMenu: [] };
const adminRoles = { devicePolicy: [Role.default, Role.admin], deviceMenu: ['sys-manage'] };

function startApp(path: string, server: ReturnType<typeof createFakeServer>) {
  configureApi();
  configureApiClient({ fetch: server.fetch });
  setRouterFactory((routes) => createMemoryRouter(routes, { initialEntries: [path] }));
  return render(<App />);
}

function currentLocation(): string {
  const { pathname, search } = getRouter().state.location;
  return `${pathname}${search}`;
}

async function logInByPassword(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('tab', { name: '密码登录' }));
  await user.type(within(dialog).getByLabelText('账号'), '10001');
  await user.type(within(dialog).getByLabelText('密码'), 'Reader12345');
  await user.click(within(dialog).getByRole('checkbox'));
  await user.click(within(dialog).getByRole('button', { name: '登录' }));
}

/** Route ids in the router now in use (role routes carry theirs, e.g. sysManage). */
function installedRouteIds(): string[] {
  const ids: string[] = [];
  const visit = (routes: readonly { id: string; children?: unknown }[]) => {
    for (const route of routes) {
      ids.push(route.id);
      if (Array.isArray(route.children)) visit(route.children as { id: string }[]);
    }
  };
  visit(getRouter().routes);
  return ids;
}

function logInAs(token: string) {
  localStorage.setItem(StorageKey.token, token);
  useSessionStore.setState({ token });
}

describe('the app shell end to end', () => {
  beforeEach(() => {
    useSessionStore.setState({ token: null, roles: defaultRoles, phase: 'idle' });
    useDialogStore.setState({ type: null });
    useRegisterInviteStore.getState().clearInviteCode();
    useLoginRedirectStore.getState().forget();
    queryClient.clear();
    toast.closeAll();
  });

  afterEach(() => {
    act(() => toast.closeAll());
    setRouterFactory();
    resetApiClient();
  });

  it('formats the document title as the product name, or name | page title', () => {
    expect(formatDocumentTitle('公共图书馆')).toBe('公共图书馆');
    expect(formatDocumentTitle('公共图书馆', '首页')).toBe('公共图书馆 | 首页');
  });

  it('keeps the /register?c= invite code, sends it with the SMS login, then clears it', async () => {
    const server = createFakeServer({
      ...sessionRoutes(readerRoles),
      'POST /api/v1/user/smsCode': { smsToken: 'sms-token-1', expiresIn: 300, resendIn: 60 },
      'POST /api/v1/user/smsCodeRegLogin': loginResponse,
    });
    const user = userEvent.setup();
    const cookieWrites = vi.spyOn(document, 'cookie', 'set');
    startApp('/register?c=INV42', server);

    const dialog = await screen.findByRole('dialog');
    expect(useRegisterInviteStore.getState().inviteCode).toBe('INV42');
    await user.type(within(dialog).getByLabelText('手机号'), '13800138000');
    await user.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await within(dialog).findByRole('button', { name: '倒计时 60' });
    await user.type(within(dialog).getByLabelText('验证码'), '246810');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: '登录 / 注册' }));

    expect(await screen.findByRole('heading', { name: '欢迎来到公共图书馆' })).toBeTruthy();
    const [login] = server.find('POST', '/api/v1/user/smsCodeRegLogin');
    expect(login?.body).toMatchObject({
      smsCode: '246810',
      smsToken: 'sms-token-1',
      inviteCode: 'INV42',
      client: { client: 'web', version: '0.1' },
    });
    expect(currentLocation()).toBe('/home');
    expect(useRegisterInviteStore.getState().inviteCode).toBe('');
    expect(localStorage.getItem(StorageKey.token)).toBe('tok-1');
    expect(document.cookie).toContain('token=tok-1');
    // a session cookie for the whole site: path /, no expiry (spec §3)
    const tokenCookie = cookieWrites.mock.calls.map(([value]) => String(value)).at(-1) ?? '';
    expect(tokenCookie.startsWith('token=tok-1;')).toBe(true);
    expect(tokenCookie).toMatch(/;\s*path=\/(;|$)/i);
    expect(tokenCookie).not.toMatch(/expires|max-age/i);
    cookieWrites.mockRestore();
    await waitFor(() => expect(document.title).toBe('公共图书馆 | 首页'));
  });

  it('asks a visitor to log in for a private page and goes there afterwards', async () => {
    const server = createFakeServer({
      ...sessionRoutes(readerRoles),
      'POST /api/v1/user/login': { ...loginResponse, registered: false },
      'GET /api/v1/note': { list: [], total: 0, page: 0, pageSize: 100 },
    });
    const user = userEvent.setup();
    startApp('/notes', server);

    const dialog = await screen.findByRole('dialog');
    expect(currentLocation()).toBe('/login');
    await user.click(within(dialog).getByRole('tab', { name: '密码登录' }));
    await user.type(within(dialog).getByLabelText('账号'), '10001');
    await user.type(within(dialog).getByLabelText('密码'), 'Reader12345');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: '登录' }));

    expect(await screen.findByRole('textbox', { name: '搜索笔记' })).toBeTruthy();
    expect(currentLocation()).toBe('/notes');
    expect(server.find('POST', '/api/v1/user/login')[0]?.body).toMatchObject({
      account: '10001',
      password: 'Reader12345',
    });
    await waitFor(() => expect(document.title).toBe('公共图书馆 | 快速笔记'));
    expect(localStorage.getItem(StorageKey.lastVisitedRoute)).toBe('/notes');
  });

  it('loads user, roles and spaces on entry with a token and sends / to /home', async () => {
    logInAs('tok-2');
    const server = createFakeServer(sessionRoutes(readerRoles));
    startApp('/', server);

    expect(await screen.findByRole('heading', { name: '欢迎来到公共图书馆' })).toBeTruthy();
    expect(currentLocation()).toBe('/home');
    for (const path of ['/api/v1/user', '/api/system/v1/users/loginRole', '/api/v3/space/group']) {
      expect(server.find('GET', path)).toHaveLength(1);
      expect(server.find('GET', path)[0]?.headers.get('Authorization')).toBe('Bearer tok-2');
    }
    expect(screen.getAllByText('读书笔记').length).toBeGreaterThan(0);
  });

  it('shows system administration only to administrators', async () => {
    logInAs('tok-admin');
    startApp('/sys-manage', createFakeServer(sessionRoutes(adminRoles)));
    await waitFor(() => expect(currentLocation()).toBe('/sys/users'));
    // the administration's tabs, users first, above the users grid
    expect((await screen.findAllByText('用户管理')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('权限管理').length).toBeGreaterThan(0);
    expect(screen.getByRole('menuitem', { name: /系统管理/ })).toBeTruthy();
  });

  it('sends other users to /403 for administration and hides its menu', async () => {
    logInAs('tok-reader');
    startApp('/sys/users', createFakeServer(sessionRoutes(readerRoles)));
    expect(await screen.findByText('抱歉，你没有权限访问这个页面。')).toBeTruthy();
    expect(currentLocation()).toBe('/403');
    expect(screen.queryByRole('menuitem', { name: /系统管理/ })).toBeNull();
  });

  it('logs out and opens login when the session cannot be loaded', async () => {
    logInAs('tok-expired');
    const server = createFakeServer({
      ...sessionRoutes(readerRoles),
      'GET /api/v1/user': () => ({
        status: 401,
        body: { code: 100003, data: null, msg: '登录已过期' },
      }),
    });
    startApp('/home', server);

    expect(await screen.findByText('权限初始化失败，请重新登录')).toBeTruthy();
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(useSessionStore.getState().token).toBeNull();
    expect(localStorage.getItem(StorageKey.token)).toBeNull();
  });

  it('sends a logged-in user from the visitor entry to the space', async () => {
    logInAs('tok-3');
    startApp('/open/s1', createFakeServer(sessionRoutes(readerRoles)));
    // the fake server knows no space s1: the space view shows spec §8's 'space info load failure'
    expect(await screen.findByText('空间信息加载失败')).toBeTruthy();
    expect(currentLocation()).toBe('/space/s1');
  });

  it('logs out from the user menu: token, data and role routes gone, back at /login', async () => {
    logInAs('tok-admin');
    let roles = adminRoles;
    const server = createFakeServer({
      ...sessionRoutes(adminRoles),
      'GET /api/system/v1/users/loginRole': () => ({ body: roles }),
      'POST /api/v1/user/login': { ...loginResponse, token: 'tok-reader', registered: false },
    });
    const user = userEvent.setup();
    startApp('/home', server);
    await screen.findByRole('heading', { name: '欢迎来到公共图书馆' });
    expect(installedRouteIds()).toContain('sysManage');

    await user.click(screen.getByRole('button', { name: '用户菜单' }));
    await user.click(await screen.findByText('退出登录'));

    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(currentLocation()).toBe('/login');
    expect(useLoginRedirectStore.getState().target).toBeNull();
    expect(server.find('DELETE', '/api/v1/user/logout')[0]?.headers.get('Authorization')).toBe(
      'Bearer tok-admin',
    );
    expect(localStorage.getItem(StorageKey.token)).toBeNull();
    expect(useSessionStore.getState().roles).toEqual(defaultRoles);
    expect(queryClient.getQueryData(['user', 'current'])).toBeUndefined();
    expect(installedRouteIds()).not.toContain('sysManage');

    // The next user is no administrator: the administrator's route is gone for them.
    roles = readerRoles;
    await logInByPassword(user);
    await screen.findByRole('heading', { name: '欢迎来到公共图书馆' });
    expect(useSessionStore.getState().token).toBe('tok-reader');
    expect(installedRouteIds()).not.toContain('sysManage');
    await act(() => getRouter().navigate('/sys-manage'));
    expect(await screen.findByText('抱歉，你没有权限访问这个页面。')).toBeTruthy();
    expect(currentLocation()).toBe('/403');
  });

  it('opens an empty, unticked login dialog after a logout', async () => {
    const server = createFakeServer({
      ...sessionRoutes(readerRoles),
      'POST /api/v1/user/login': { ...loginResponse, registered: false },
    });
    const user = userEvent.setup();
    startApp('/login', server);
    await logInByPassword(user);
    await screen.findByRole('heading', { name: '欢迎来到公共图书馆' });
    expect(currentLocation()).toBe('/home');

    await user.click(screen.getByRole('button', { name: '用户菜单' }));
    await user.click(await screen.findByText('退出登录'));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: '验证码登录', selected: true })).toBeTruthy();
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox').checked).toBe(false);
    await user.click(within(dialog).getByRole('tab', { name: '密码登录' }));
    expect(within(dialog).getByLabelText<HTMLInputElement>('账号').value).toBe('');
    expect(within(dialog).getByLabelText<HTMLInputElement>('密码').value).toBe('');
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox').checked).toBe(false);
  });

  it('never goes off-site after login: a wanted //host path leads to /home', async () => {
    const server = createFakeServer({
      ...sessionRoutes(readerRoles),
      'POST /api/v1/user/login': { ...loginResponse, registered: false },
    });
    const user = userEvent.setup();
    startApp('//evil.example/x', server);
    await screen.findByRole('dialog');
    expect(currentLocation()).toBe('/login');
    expect(useLoginRedirectStore.getState().target).toBe('/home');

    await logInByPassword(user);
    expect(await screen.findByRole('heading', { name: '欢迎来到公共图书馆' })).toBeTruthy();
    expect(currentLocation()).toBe('/home');
    expect(useSessionStore.getState()).toMatchObject({ token: 'tok-1', phase: 'ready' });
  });

  it('lets a visitor open an open space without logging in, and log in from it', async () => {
    const space = {
      spaceId: 's1',
      name: '开放的读书会',
      icon: null,
      description: '',
      openToVisitors: true,
      ownerId: '10002',
      role: 'visitor',
      abilities: {
        canRead: true,
        canEdit: false,
        canManage: false,
        canDelete: false,
        canShare: false,
      },
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    };
    const routes: Record<string, unknown> = {
      'GET /api/v2/space/s1': space,
      'GET /api/v2/space/s1/tree': [{ type: 'page', pageId: 'p1', name: '入门指南', avatar: null }],
    };
    const server = createFakeServer(routes);
    startApp('/open-space/s1', server);
    expect(await screen.findByRole('treeitem', { name: /入门指南/ })).toBeTruthy();
    expect(screen.getByText('访客')).toBeTruthy();
    expect(currentLocation()).toBe('/open-space/s1');
    expect(useDialogStore.getState().type).toBeNull();
    // no history is recorded for an anonymous visitor
    expect(server.requests.filter((request) => request.method !== 'GET')).toEqual([]);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /登录/ }));
    expect(useDialogStore.getState().type).toBe('login');
    expect(useLoginRedirectStore.getState().target).toBe('/space/s1');

    // an editor of the space logs in: the space is asked for again and shown with the editor's
    // role, not the visitor's answer left in the cache
    const asked = server.find('GET', '/api/v2/space/s1').length;
    Object.assign(routes, sessionRoutes(readerRoles), {
      'POST /api/v1/user/login': { ...loginResponse, registered: false },
      'POST /api/v1/history': null,
      'GET /api/v2/space/s1': {
        ...space,
        role: 'editor',
        abilities: {
          canRead: true,
          canEdit: true,
          canManage: false,
          canDelete: false,
          canShare: false,
        },
      },
    });
    await logInByPassword(user);
    await waitFor(() => expect(currentLocation()).toBe('/space/s1'));
    expect(await screen.findByRole('button', { name: '新建' })).toBeTruthy();
    expect(server.find('GET', '/api/v2/space/s1').length).toBeGreaterThan(asked);
    expect(screen.queryByText('访客')).toBeNull();
  });

  it('sends an anonymous visitor entry /open/:spaceId to the open space view', async () => {
    startApp('/open/s1', createFakeServer({}));
    expect(await screen.findByText('这个空间不存在，或没有对访客开放')).toBeTruthy();
    expect(currentLocation()).toBe('/open-space/s1');
  });
});
