import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, type Friend } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { toast, useToastStore } from '../../../components/toast';
import { createFakeServer, sampleUser } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { currentUserQueryKey } from '../../auth';
import '../lib/text';
import { AddFriendDialog } from './AddFriendDialog';

const chen: Friend = {
  userId: '10002',
  nickname: '陈思远',
  avatar: null,
  remark: '',
  groupId: 'g-default',
  createdAt: '2025-03-01T08:00:00.000Z',
};

function failure(code: number, status = 400) {
  return { status, body: { code, data: null, msg: 'refused' } };
}

function start(routes: Record<string, unknown>) {
  const server = createFakeServer({
    'GET /api/v1/user/inviteCode': { inviteCode: 'LIN2025' },
    ...routes,
  });
  configureApiClient({ fetch: server.fetch });
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/addrbook', element: <AddFriendDialog open onClose={onClose} /> },
      { path: '/addrbook/friend/:friendId', element: <p>friend card</p> },
    ],
    { initialEntries: ['/addrbook'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { server, router, onClose };
}

function toastMessages(): string[] {
  return useToastStore.getState().toasts.map((item) => item.message);
}

describe('the add-friend dialog', () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok-addrbook' });
    queryClient.setQueryData(currentUserQueryKey, { ...sampleUser, email: 'lin@example.com' });
  });
  afterEach(() => {
    resetApiClient();
    toast.closeAll();
    useSessionStore.setState({ token: null });
  });

  it('checks the account before asking: empty, not a full account, or my own', async () => {
    const user = userEvent.setup();
    const { server } = start({});
    const dialog = await screen.findByRole('dialog');
    const send = within(dialog).getByRole('button', { name: /发送好友申请/ });
    const account = within(dialog).getByLabelText('对方账号');

    await user.click(send);
    expect(await within(dialog).findByText('请输入对方的手机号、邮箱或用户 ID')).toBeTruthy();

    await user.type(account, '林小');
    await user.click(send);
    expect(
      await within(dialog).findByText('格式不对，请输入完整的手机号、邮箱或用户 ID'),
    ).toBeTruthy();

    for (const mine of [sampleUser.userId, '+86 138 0013 8000', 'LIN@example.com']) {
      await user.clear(account);
      await user.type(account, mine);
      await user.click(send);
      expect(await within(dialog).findByText('不能添加自己为好友')).toBeTruthy();
    }
    expect(server.find('POST', '/api/v1/friend/request')).toHaveLength(0);
  });

  it('sends the request with the typed account made exact and the message, then closes', async () => {
    const user = userEvent.setup();
    const { server, onClose } = start({
      'POST /api/v1/friend/request': {
        request: {
          requestId: 'r1',
          direction: 'outgoing',
          user: { userId: chen.userId, nickname: chen.nickname, avatar: null },
          message: '我是林小书',
          state: 'pending',
          createdAt: '2025-03-01T08:00:00.000Z',
        },
        friend: null,
      },
    });
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('对方账号'), ' 139 1234 5678 ');
    const message = within(dialog).getByLabelText('验证消息');
    // it starts as 'I am <my nickname>'
    expect((message as HTMLTextAreaElement).value).toBe('我是林小书');
    await user.clear(message);
    await user.type(message, '读书会上见过，我是林小书');
    await user.click(within(dialog).getByRole('button', { name: /发送好友申请/ }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.find('POST', '/api/v1/friend/request')[0]?.body).toEqual({
      account: '13912345678',
      message: '读书会上见过，我是林小书',
    });
    expect(toastMessages()).toContain('好友申请已发送，等待对方同意');
  });

  it('shows the server’s refusals on the field: no such account, friends already', async () => {
    const user = userEvent.setup();
    let answer = failure(ErrorCode.userMissing, 404);
    start({ 'POST /api/v1/friend/request': () => answer });
    const dialog = await screen.findByRole('dialog');
    const account = within(dialog).getByLabelText('对方账号');
    await user.type(account, 'chen@example.com');
    await user.click(within(dialog).getByRole('button', { name: /发送好友申请/ }));
    expect(await within(dialog).findByText('没有找到这个账号，请核对后再试')).toBeTruthy();

    answer = failure(ErrorCode.duplicate, 409);
    await user.click(within(dialog).getByRole('button', { name: /发送好友申请/ }));
    expect(await within(dialog).findByText('你们已经是好友了')).toBeTruthy();
    // on the field, not as an error toast as well
    expect(useToastStore.getState().toasts.filter((item) => item.type === 'error')).toHaveLength(0);
  });

  it('opens the new friend when they had asked already (friends at once)', async () => {
    const user = userEvent.setup();
    const { router } = start({ 'POST /api/v1/friend/request': { request: null, friend: chen } });
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('对方账号'), chen.userId);
    await user.click(within(dialog).getByRole('button', { name: /发送好友申请/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/addrbook/friend/10002'));
    expect(toastMessages()).toContain('你和「陈思远」已成为好友');
  });

  it('adds by invite code, telling an unknown or one’s own code on the field', async () => {
    const user = userEvent.setup();
    let answer: unknown = failure(ErrorCode.operationNotAllowed);
    const { server, router } = start({ 'PUT /api/v1/friend/inviteCode': () => answer });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('tab', { name: '邀请码' }));
    const add = within(dialog).getByRole('button', { name: '添加好友' });
    await user.click(add);
    expect(await within(dialog).findByText('请输入邀请码')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: '邀请码' }), 'LIN2025');
    await user.click(add);
    expect(await within(dialog).findByText('这是你自己的邀请码')).toBeTruthy();

    answer = failure(ErrorCode.userMissing, 404);
    await user.click(add);
    expect(await within(dialog).findByText('邀请码无效，请核对后再试')).toBeTruthy();

    answer = { body: { friend: chen } };
    await user.click(add);
    await waitFor(() => expect(router.state.location.pathname).toBe('/addrbook/friend/10002'));
    expect(server.find('PUT', '/api/v1/friend/inviteCode').at(-1)?.body).toEqual({
      inviteCode: 'LIN2025',
    });
  });

  it('shows my invite link /register?c=<code> with its QR code', async () => {
    const user = userEvent.setup();
    start({});
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('tab', { name: '我的邀请链接' }));
    const link = await within(dialog).findByRole('textbox', { name: '我的邀请链接' });
    expect((link as HTMLInputElement).value).toBe(`${window.location.origin}/register?c=LIN2025`);
    expect(within(dialog).getByText('扫码注册并添加我为好友')).toBeTruthy();
  });

  it('resets my invite link after asking, showing the new one', async () => {
    const user = userEvent.setup();
    const { server } = start({ 'PUT /api/v1/user/inviteCode': { inviteCode: 'NEW2026' } });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('tab', { name: '我的邀请链接' }));
    await user.click(await within(dialog).findByRole('button', { name: /重置邀请链接/ }));
    expect((await screen.findAllByText('重置邀请链接？')).length).toBeGreaterThan(0);
    expect(server.find('PUT', '/api/v1/user/inviteCode')).toHaveLength(0);
    const buttons = await screen.findAllByRole('button', { name: /重置邀请链接/ });
    await user.click(buttons.at(-1)!);
    await waitFor(() => expect(server.find('PUT', '/api/v1/user/inviteCode')).toHaveLength(1));
    const link = within(dialog).getByRole('textbox', { name: '我的邀请链接' });
    await waitFor(() =>
      expect((link as HTMLInputElement).value).toBe(`${window.location.origin}/register?c=NEW2026`),
    );
    expect(toastMessages()).toContain('邀请链接已重置');
  });
});
