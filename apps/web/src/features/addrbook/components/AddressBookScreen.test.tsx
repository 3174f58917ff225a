import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AddrbookInvite } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { toast, useToastStore } from '../../../components/toast';
import { createFakeServer, sampleUser } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useDeviceStore } from '../../../stores/device-store';
import { useSessionStore } from '../../../stores/session-store';
import { currentUserQueryKey } from '../../auth';
import { AddressBookScreen } from './AddressBookScreen';

const lin = { userId: sampleUser.userId, nickname: sampleUser.nickname, avatar: null };
const chen = { userId: '10002', nickname: '陈思远', avatar: null };
const wang = { userId: '10003', nickname: '王雨桐', avatar: null };

function invite(overrides: Partial<AddrbookInvite>): AddrbookInvite {
  return {
    inviteId: 'i-1',
    kind: 'friendRequest',
    state: 'pending',
    direction: 'received',
    from: chen,
    to: lin,
    team: null,
    message: '',
    createdAt: '2025-03-01T08:00:00.000Z',
    decidedAt: null,
    abilities: { canAnswer: true },
    ...overrides,
  };
}

const invites = [
  invite({ inviteId: 'i-friend', message: '我是陈思远' }),
  invite({
    inviteId: 'i-team',
    kind: 'teamInvitation',
    from: wang,
    team: { teamId: 't-1', name: '产品部' },
  }),
  invite({
    inviteId: 'i-sent',
    direction: 'sent',
    from: lin,
    to: wang,
    abilities: { canAnswer: false },
  }),
];

function start(path: string, pending: { count: number }) {
  const server = createFakeServer({
    'GET /api/v1/addrbook/invite/count': () => ({ body: { pending: pending.count } }),
    'GET /api/v1/addrbook/invite': { list: invites, total: invites.length, page: 0, pageSize: 20 },
    'GET /api/v1/addrbook/invite/i-friend': invites[0],
    'PUT /api/v1/friend/request/i-friend': () => {
      pending.count -= 1;
      return { body: { friend: { ...chen, remark: '', groupId: 'g', createdAt: '' } } };
    },
    'PUT /api/v1/team/invitation/i-team': () => {
      pending.count -= 1;
      return { body: null };
    },
    'GET /api/v1/friend/group': {
      list: [
        {
          groupId: 'g',
          groupName: '我的好友',
          isDefault: true,
          friendList: [
            { ...chen, remark: '', groupId: 'g', createdAt: '2025-03-01T08:00:00.000Z' },
          ],
        },
      ],
    },
    'GET /api/v1/friend/10002/space': {
      list: [
        {
          spaceId: '7a1f3c1e-0000-4000-8000-000000000501',
          name: '产品手册',
          icon: null,
          myRole: 'owner',
          friendRole: 'editor',
        },
      ],
    },
  });
  configureApiClient({ fetch: server.fetch });
  const router = createMemoryRouter(
    [
      { path: '/addrbook', element: <AddressBookScreen /> },
      { path: '/addrbook/invite/:inviteId', element: <AddressBookScreen /> },
      { path: '/addrbook/friend/:friendId', element: <AddressBookScreen /> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { server, router };
}

function sectionBadge(): string | null {
  const label = screen.getByText('新的邀请', { selector: '.addrbook-section-label' });
  return label.querySelector('.count-badge')?.textContent ?? null;
}

describe('the address book', () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok-addrbook' });
    useDeviceStore.setState({ deviceMode: 'Desktop' });
    queryClient.setQueryData(currentUserQueryKey, sampleUser);
  });
  afterEach(() => {
    resetApiClient();
    toast.closeAll();
    useSessionStore.setState({ token: null });
    useDeviceStore.setState({ deviceMode: 'Desktop' });
  });

  it("shows the pending count on 'New invites', 99+ above 99", async () => {
    start('/addrbook?section=invite', { count: 120 });
    await waitFor(() => expect(sectionBadge()).toBe('99+'));
  });

  it('shows 99 as it is and no badge at all for nothing pending', async () => {
    const pending = { count: 99 };
    start('/addrbook?section=invite', pending);
    await waitFor(() => expect(sectionBadge()).toBe('99'));
    pending.count = 0;
    await act(() => queryClient.invalidateQueries({ queryKey: ['addrbook', 'invite-count'] }));
    await waitFor(() => expect(sectionBadge()).toBeNull());
  });

  it('answers an invite in the list, then asks for the list and the count again', async () => {
    const user = userEvent.setup();
    const pending = { count: 2 };
    const { server } = start('/addrbook?section=invite', pending);
    expect(await screen.findByText('陈思远 请求添加你为好友')).toBeTruthy();
    expect(screen.getByText('王雨桐 邀请你加入「产品部」')).toBeTruthy();
    // what I sent waits for the other side, with nothing for me to press
    expect(screen.getByText('你请求添加 王雨桐 为好友')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^同意/ })).toHaveLength(2);
    await waitFor(() => expect(sectionBadge()).toBe('2'));
    const countCalls = server.find('GET', '/api/v1/addrbook/invite/count').length;
    const listCalls = server.find('GET', '/api/v1/addrbook/invite').length;

    await user.click(screen.getByRole('button', { name: '同意：王雨桐 邀请你加入「产品部」' }));
    await waitFor(() => expect(sectionBadge()).toBe('1'));
    expect(server.find('PUT', '/api/v1/team/invitation/i-team')[0]?.body).toEqual({ accept: true });
    expect(server.find('GET', '/api/v1/addrbook/invite/count').length).toBeGreaterThan(countCalls);
    expect(server.find('GET', '/api/v1/addrbook/invite').length).toBeGreaterThan(listCalls);
    expect(useToastStore.getState().toasts.map((item) => item.message)).toContain(
      '已加入「产品部」',
    );
  });

  it('asks for the count again when the window regains focus', async () => {
    const pending = { count: 1 };
    const { server } = start('/addrbook?section=invite', pending);
    await waitFor(() => expect(sectionBadge()).toBe('1'));
    const before = server.find('GET', '/api/v1/addrbook/invite/count').length;
    pending.count = 3;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(sectionBadge()).toBe('3'));
    expect(server.find('GET', '/api/v1/addrbook/invite/count').length).toBeGreaterThan(before);
    act(() => focusManager.setFocused(undefined));
  });

  it('goes list → detail → back on a phone', async () => {
    const user = userEvent.setup();
    useDeviceStore.setState({ deviceMode: 'Mobile' });
    const { router } = start('/addrbook?section=invite', { count: 1 });
    await user.click(await screen.findByText('陈思远 请求添加你为好友'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/addrbook/invite/i-friend'));
    // the detail alone, with its message and the answer buttons
    const detail = await screen.findByRole('article');
    expect(within(detail).getByText('我是陈思远')).toBeTruthy();
    expect(screen.queryByText('王雨桐 邀请你加入「产品部」')).toBeNull();

    await user.click(within(detail).getByRole('button', { name: /^同意/ }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((item) => item.message)).toContain(
        '你和「陈思远」已成为好友',
      ),
    );

    await user.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.search).toBe('?section=invite'));
    expect(await screen.findByText('王雨桐 邀请你加入「产品部」')).toBeTruthy();
  });

  it("shows the spaces a friend and I share on the friend's card, with their role", async () => {
    start('/addrbook/friend/10002', { count: 0 });
    const shared = await screen.findByRole('region', { name: '共同的空间' });
    expect(await within(shared).findByText('产品手册')).toBeTruthy();
    expect(within(shared).getByText('对方的角色：编辑者')).toBeTruthy();
    expect(
      within(shared)
        .getByRole('link', { name: /产品手册/ })
        .getAttribute('href'),
    ).toBe('/space/7a1f3c1e-0000-4000-8000-000000000501');
  });
});
