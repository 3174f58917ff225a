import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SpaceGroup } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { useCreateSpaceDialogStore } from '../stores/create-space-dialog-store';
import { useLastSelectedSpaceStore } from '../stores/space-prefs-store';
import { CreateSpaceDialog } from './CreateSpaceDialog';
import { SpaceMobileListScreen } from './SpaceMobileListScreen';

const space = (spaceId: string, name: string, icon: string | null = null, description = '') => ({
  spaceId,
  name,
  icon,
  description,
  role: 'owner' as const,
});

const groups: SpaceGroup[] = [
  {
    groupId: 'g1',
    groupName: '默认分组',
    isDefault: true,
    spaceList: [space('s1', '产品手册', '📚', '团队的产品文档'), space('s2', '读书笔记')],
  },
  { groupId: 'g2', groupName: '工作', isDefault: false, spaceList: [space('s3', '周报')] },
  { groupId: 'g3', groupName: '收藏', isDefault: false, spaceList: [] },
];

function show(answer: unknown, drawerDialog = false) {
  const server = createFakeServer({ 'GET /api/v3/space/group': answer });
  configureApiClient({ fetch: server.fetch });
  const router = createMemoryRouter(
    [
      {
        path: '/space-mobile',
        element: (
          <>
            {/* the menu drawer, once opened, keeps the sidebar's list and its dialog */}
            {drawerDialog && <CreateSpaceDialog />}
            <SpaceMobileListScreen />
          </>
        ),
      },
      { path: '/space-mobile/:spaceId', element: <p>手机空间视图</p> },
    ],
    { initialEntries: ['/space-mobile'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { server, router };
}

beforeEach(() => {
  queryClient.clear();
  useSessionStore.setState({ token: 'tok-1' });
  useCreateSpaceDialogStore.setState({ open: false, groupId: null });
  useLastSelectedSpaceStore.setState({ spaceId: null });
});
afterEach(() => {
  resetApiClient();
  useSessionStore.setState({ token: null });
});

describe('my spaces on a phone', () => {
  it('lists the spaces under their groups, in the sidebar’s order, with icons', async () => {
    show(groups);
    // the first group, still under the name the server gave it, is named in the reader's language
    const first = await screen.findByRole('region', { name: '我的空间' });
    expect(within(first).getByText('产品手册')).toBeTruthy();
    expect(within(first).getByText('团队的产品文档')).toBeTruthy();
    expect(within(first).getByText('📚')).toBeTruthy();
    // a space without an icon shows its first character on a tile
    expect(within(first).getByText('读')).toBeTruthy();
    const work = screen.getByRole('region', { name: '工作' });
    expect(within(work).getByText('周报')).toBeTruthy();
    const order = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(order).toEqual(['我的空间', '工作', '收藏']);
    // a group without spaces says so rather than vanishing, as in the sidebar
    expect(
      within(screen.getByRole('region', { name: '收藏' })).getByText('这个分组还没有空间'),
    ).toBeTruthy();
  });

  it('opens the mobile space view of the space tapped and remembers it', async () => {
    const { router } = show(groups);
    await userEvent.click(await screen.findByText('周报'));
    expect(router.state.location.pathname).toBe('/space-mobile/s3');
    expect(useLastSelectedSpaceStore.getState().spaceId).toBe('s3');
  });

  it('offers to create a space from the title bar', async () => {
    show(groups);
    await screen.findByText('产品手册');
    await userEvent.click(screen.getByRole('button', { name: /新建空间/ }));
    expect(useCreateSpaceDialogStore.getState().open).toBe(true);
    expect(await screen.findByRole('dialog', { name: '新建空间' })).toBeTruthy();
  });

  it('opens one dialog even when the sidebar has placed its own', async () => {
    show(groups, true);
    await screen.findByText('产品手册');
    await userEvent.click(screen.getByRole('button', { name: /新建空间/ }));
    await screen.findByRole('dialog', { name: '新建空间' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('says there are no spaces yet and offers the first one', async () => {
    show([{ ...groups[0]!, spaceList: [] }]);
    expect(await screen.findByText('还没有空间')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: /新建空间/ });
    expect(buttons).toHaveLength(2);
    await userEvent.click(buttons[1]!);
    expect(useCreateSpaceDialogStore.getState().open).toBe(true);
  });

  it('shows the loading state, then a failure with a retry', async () => {
    let fail = true;
    const { server } = show(() =>
      fail
        ? { status: 500, body: { code: 100001, data: null, msg: '' } }
        : { body: groups.slice(1, 2) },
    );
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    expect(await screen.findByText('空间列表加载失败')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('周报')).toBeTruthy();
    expect(server.find('GET', '/api/v3/space/group').length).toBeGreaterThan(1);
  });
});
