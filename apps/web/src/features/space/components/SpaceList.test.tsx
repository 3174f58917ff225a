import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SpaceGroup } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { changeLocale } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { SpaceList } from './SpaceList';

const first = '7a1f3c1e-0000-4000-8000-00000000000a';
const home = '7a1f3c1e-0000-4000-8000-00000000000b';
const spaceId = '7a1f3c1e-0000-4000-8000-000000000101';

const firstGroup: SpaceGroup = {
  groupId: first,
  groupName: '我的空间',
  isDefault: true,
  spaceList: [],
};

function start(answer: () => { status?: number; body: unknown } | undefined) {
  const server = createFakeServer({ 'GET /api/v3/space/group': answer });
  configureApiClient({ fetch: server.fetch, getToken: () => 'tok' });
  const router = createMemoryRouter([{ path: '/home', element: <SpaceList /> }], {
    initialEntries: ['/home'],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return server;
}

/** The toggles of the space groups (their names), not the section's own buttons. */
function groupToggles() {
  return [...document.querySelectorAll('.space-group-toggle')].map((node) => node.textContent);
}

describe('my spaces in the sidebar', () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok' });
  });
  afterEach(async () => {
    resetApiClient();
    await changeLocale('zh_CN');
  });

  it('shows one empty state without spaces: the card, not the empty first group too', async () => {
    start(() => ({ body: [firstGroup] }));
    expect(await screen.findByText('还没有空间')).toBeTruthy();
    expect(screen.getAllByText('还没有空间')).toHaveLength(1);
    expect(groupToggles()).toEqual([]);
  });

  it('shows a loading state, not the empty card, while the list loads', async () => {
    const gate = new Promise<void>(() => undefined);
    const server = createFakeServer({ 'GET /api/v3/space/group': { body: [firstGroup] } });
    configureApiClient({
      fetch: async (...args) => {
        await gate;
        return server.fetch(...args);
      },
      getToken: () => 'tok',
    });
    const router = createMemoryRouter([{ path: '/home', element: <SpaceList /> }], {
      initialEntries: ['/home'],
    });
    renderWithProviders(<RouterProvider router={router} />);
    await waitFor(() => expect(document.querySelector('.sidebar-skeleton')).not.toBeNull());
    expect(screen.queryByText('还没有空间')).toBeNull();
  });

  it('says the list failed, with retry, instead of claiming there are no spaces', async () => {
    const user = userEvent.setup();
    let fail = true;
    start(() =>
      fail
        ? { status: 500, body: { code: 100001, data: null, msg: '' } }
        : { body: [{ ...firstGroup, spaceList: [space('产品手册')] }] },
    );
    expect(await screen.findByText('空间列表加载失败')).toBeTruthy();
    expect(screen.queryByText('还没有空间')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('产品手册')).toBeTruthy();
  });

  it('names the first group in the reader language, and a renamed group by its name', async () => {
    await changeLocale('en_US');
    start(() => ({
      body: [
        { ...firstGroup, spaceList: [space('产品手册')] },
        { groupId: home, groupName: '家里', isDefault: false, spaceList: [] },
      ],
    }));
    expect(await screen.findByText('产品手册')).toBeTruthy();
    expect(groupToggles()).toEqual(['My spaces', '家里']);
    expect(screen.queryByText('我的空间')).toBeNull();
  });
});

function space(name: string) {
  return { spaceId, name, icon: null, description: '', role: 'owner' as const };
}
