import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, Role, type LoginResponse } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { registerNavigator } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { toast, useToastStore } from '../../components/toast';
import { configureApi } from '../../app/configure-api';
import { createFakeServer, sampleUser } from '../../test/fake-server';
import { useDialogStore } from '../../stores/dialog-store';
import { defaultRoles, useSessionStore } from '../../stores/session-store';
import { renderWithProviders } from '../../test/render';
import { LoginDialog } from './components/LoginDialog';
import { followRegisterInvite, showInviteResult } from './register-invite';
import { useRegisterInviteStore } from './stores/register-invite-store';

const passwordLogin: LoginResponse = { token: 'tok-new', user: sampleUser, registered: false };
const chen = {
  userId: '10002',
  nickname: '陈思远',
  avatar: null,
  remark: '',
  groupId: 'g',
  createdAt: '2025-03-01T08:00:00.000Z',
};

const sessionRoutes = {
  'GET /api/v1/user': sampleUser,
  'GET /api/system/v1/users/loginRole': { devicePolicy: [Role.default], deviceMenu: [] },
  'GET /api/v3/space/group': [],
};

function refusal(code: number, msg: string, status = 400) {
  return () => ({ status, body: { code, data: null, msg } });
}

function toasts() {
  return useToastStore
    .getState()
    .toasts.map((item) => ({ type: item.type, message: item.message }));
}

describe('a registration link’s invite code after login (spec §1, §3)', () => {
  let location = '/register';

  beforeEach(() => {
    location = '/register';
    registerNavigator({
      navigate: vi.fn(async (to: string) => {
        location = to;
      }),
      currentPath: () => location,
      installRoutesFor: () => undefined,
    });
    useSessionStore.setState({ token: null, roles: defaultRoles, phase: 'idle' });
    useDialogStore.setState({ type: 'login' });
    queryClient.clear();
    toast.closeAll();
    configureApi();
    useRegisterInviteStore.getState().setInviteCode('INV42');
  });

  afterEach(() => {
    resetApiClient();
    toast.closeAll();
    useRegisterInviteStore.getState().clearInviteCode();
  });

  it('sends the stored code after a password login, clears it and says who the new friend is', async () => {
    const user = userEvent.setup();
    const server = createFakeServer({
      ...sessionRoutes,
      'POST /api/v1/user/login': passwordLogin,
      'PUT /api/v1/friend/inviteCode': { friend: chen },
    });
    configureApiClient({ fetch: server.fetch });
    renderWithProviders(<LoginDialog open onClose={() => undefined} />);

    await user.click(screen.getByRole('tab', { name: '密码登录' }));
    await user.type(screen.getByLabelText('账号'), 'lin@example.com');
    await user.type(screen.getByLabelText('密码'), 'Secret123');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '登录' }));

    await vi.waitFor(() => expect(server.find('PUT', '/api/v1/friend/inviteCode')).toHaveLength(1));
    const [put] = server.find('PUT', '/api/v1/friend/inviteCode');
    expect(put?.body).toEqual({ inviteCode: 'INV42' });
    // sent as the user who just logged in
    expect(put?.headers.get('Authorization')).toBe('Bearer tok-new');
    await vi.waitFor(() =>
      expect(toasts()).toEqual([
        { type: 'success', message: '登录成功' },
        { type: 'success', message: '已通过邀请链接和「陈思远」成为好友' },
      ]),
    );
    expect(useRegisterInviteStore.getState().inviteCode).toBe('');
    expect(location).toBe('/home');
  });

  it.each([
    [ErrorCode.duplicate, 'info', '你和邀请人已经是好友了'],
    [ErrorCode.operationNotAllowed, 'info', '这是你自己的邀请链接，无需添加'],
    [ErrorCode.userMissing, 'warning', '邀请链接无效，未能添加好友'],
    [ErrorCode.userDisabled, 'warning', '邀请人的账号当前无法使用，未能添加好友'],
  ])('tells a refusal (%i) in its own words, without an error toast', async (code, type, text) => {
    const server = createFakeServer({
      ...sessionRoutes,
      'PUT /api/v1/friend/inviteCode': refusal(code, 'refused'),
    });
    configureApiClient({ fetch: server.fetch });

    const result = await followRegisterInvite(passwordLogin, 'INV42');
    if (result) showInviteResult(result);
    expect(toasts()).toEqual([{ type, message: text }]);
  });

  it("gives the server's reason when a switch or a quota refuses the friend", async () => {
    const server = createFakeServer({
      ...sessionRoutes,
      'PUT /api/v1/friend/inviteCode': refusal(
        ErrorCode.noAddFriend,
        '服务商已关闭添加好友功能',
        403,
      ),
    });
    configureApiClient({ fetch: server.fetch });

    const result = await followRegisterInvite(passwordLogin, 'INV42');
    if (result) showInviteResult(result);
    expect(toasts()).toEqual([
      { type: 'warning', message: '未能通过邀请链接添加好友：服务商已关闭添加好友功能' },
    ]);
  });

  it("does not send the code again after an SMS login: its answer's 'invite' is shown", async () => {
    const server = createFakeServer(sessionRoutes);
    configureApiClient({ fetch: server.fetch });

    expect(await followRegisterInvite({ ...passwordLogin, invite: 'friended' }, '')).toEqual({
      outcome: 'friended',
    });
    const refused = await followRegisterInvite({ ...passwordLogin, invite: 'refused' }, 'INV42');
    if (refused) showInviteResult(refused);
    expect(toasts()).toEqual([
      {
        type: 'warning',
        message: '未能通过邀请链接添加好友：好友功能已关闭或好友数量已达上限',
      },
    ]);
    expect(server.find('PUT', '/api/v1/friend/inviteCode')).toHaveLength(0);
  });

  it('asks nothing when no code was stored', async () => {
    const server = createFakeServer(sessionRoutes);
    configureApiClient({ fetch: server.fetch });

    expect(await followRegisterInvite(passwordLogin, '')).toBeNull();
    expect(server.find('PUT', '/api/v1/friend/inviteCode')).toHaveLength(0);
    expect(toasts()).toEqual([]);
  });
});
