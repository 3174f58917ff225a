import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { registerNavigator } from '../../../lib/navigation';
import { queryClient } from '../../../lib/query-client';
import { toast } from '../../../components/toast';
import { createFakeServer, sampleUser } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { currentUserQueryKey } from '../../auth';
import { defaultRoles, useSessionStore } from '../../../stores/session-store';
import { AccountSettingsDialog } from './AccountSettingsDialog';

const devices = {
  list: [
    {
      id: '5d1f3c1e-0000-4000-8000-000000000001',
      client: 'web',
      deviceId: 'this-browser',
      deviceName: 'Chrome on Windows',
      version: '0.1',
      ip: '127.0.0.1',
      createdAt: '2025-03-01T08:00:00.000Z',
      lastSeenAt: '2025-03-07T08:00:00.000Z',
      current: true,
    },
    {
      id: '5d1f3c1e-0000-4000-8000-000000000002',
      client: 'web',
      deviceId: 'old-phone',
      deviceName: 'Safari on iOS',
      version: '0.1',
      ip: null,
      createdAt: '2025-02-01T08:00:00.000Z',
      lastSeenAt: '2025-02-02T08:00:00.000Z',
      current: false,
    },
  ],
};

function openSettings(user: UserInfo) {
  queryClient.setQueryData(currentUserQueryKey, user);
  const server = createFakeServer({
    'GET /api/v1/user/inviteCode': { inviteCode: 'FRIEND8' },
    'GET /api/v1/user/devices': devices,
    'PUT /api/v1/user/password': null,
    'DELETE /api/v1/user/devices/5d1f3c1e-0000-4000-8000-000000000001': null,
    'DELETE /api/v1/user/devices/5d1f3c1e-0000-4000-8000-000000000002': null,
  });
  configureApiClient({ fetch: server.fetch });
  renderWithProviders(<AccountSettingsDialog open onClose={() => undefined} />);
  return server;
}

describe('account settings dialog', () => {
  const navigate = vi.fn(async () => undefined);

  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok', roles: defaultRoles, phase: 'ready' });
    registerNavigator({ navigate, currentPath: () => '/home', installRoutesFor: () => undefined });
  });

  afterEach(() => {
    act(() => toast.closeAll());
    resetApiClient();
    navigate.mockClear();
  });

  it('shows the numeric user ID as a login account and the invite link', async () => {
    openSettings(sampleUser);
    expect(screen.getByText('10001')).toBeTruthy();
    expect(screen.getByText('可作为账号登录')).toBeTruthy();
    expect(await screen.findByText(/\/register\?c=FRIEND8$/)).toBeTruthy();
  });

  it('asks for the old password only when the account has one', async () => {
    const user = userEvent.setup();
    const server = openSettings({ ...sampleUser, hasPassword: true });
    await user.click(screen.getByRole('tab', { name: '账号安全' }));
    const form = screen.getByRole('tabpanel', { name: '账号安全' });
    await user.type(within(form).getAllByLabelText('当前密码')[0] as HTMLElement, 'OldSecret1');
    await user.type(within(form).getByLabelText('新密码'), 'NewSecret22');
    await user.type(within(form).getByLabelText('确认新密码'), 'NewSecret22');
    await user.click(within(form).getByRole('button', { name: '修改密码' }));
    await waitFor(() => expect(server.find('PUT', '/api/v1/user/password')).toHaveLength(1));
    expect(server.find('PUT', '/api/v1/user/password')[0]?.body).toEqual({
      oldPassword: 'OldSecret1',
      newPassword: 'NewSecret22',
    });
  });

  it('lets an account without password set one directly', async () => {
    const user = userEvent.setup();
    openSettings(sampleUser);
    await user.click(screen.getByRole('tab', { name: '账号安全' }));
    const form = screen.getByRole('tabpanel', { name: '账号安全' });
    expect(within(form).getByRole('heading', { name: '设置密码' })).toBeTruthy();
    expect(within(form).queryByLabelText('当前密码')).toBeNull();
  });

  it('marks the current device; logging it out ends this session', async () => {
    const user = userEvent.setup();
    const server = openSettings(sampleUser);
    await user.click(screen.getByRole('tab', { name: '登录设备' }));
    const current = (await screen.findByText('Chrome on Windows')).closest('li');
    expect(current && within(current).getByText('当前设备')).toBeTruthy();
    const other = screen.getByText('Safari on iOS').closest('li');
    expect(other && within(other).queryByText('当前设备')).toBeNull();

    await user.click(within(current as HTMLElement).getByRole('button', { name: '退出此设备' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));

    await waitFor(() => expect(useSessionStore.getState().token).toBeNull());
    expect(
      server.find('DELETE', '/api/v1/user/devices/5d1f3c1e-0000-4000-8000-000000000001'),
    ).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith('/login', undefined);
  });
});
