import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { SpaceMobilePageScreen } from './SpaceMobilePageScreen';
import { SpaceMobileScreen } from './SpaceMobileScreen';

const page = {
  pageId: 'p1',
  spaceId: 's1',
  parentId: 't1',
  title: '借阅规则',
  avatar: null,
  revision: 3,
  publishedVersion: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  createdBy: { userId: '10002', nickname: '馆长', avatar: null },
  updatedBy: null,
  abilities: {
    canEdit: false,
    canPublish: false,
    canComment: false,
    canManageComments: false,
    canShare: false,
  },
};

function show(path: string, role: 'reader' | 'admin' = 'reader') {
  const admin = role === 'admin';
  const server = createFakeServer({
    'GET /api/v2/space/s1': {
      spaceId: 's1',
      name: '城市图书馆',
      icon: '📚',
      description: '',
      openToVisitors: false,
      ownerId: '10001',
      role,
      abilities: {
        canRead: true,
        canEdit: admin,
        canManage: admin,
        canDelete: false,
        canShare: admin,
      },
      createdAt: '2026-11-01T00:00:00.000Z',
    },
    'GET /api/v2/space/s1/tree': [
      {
        type: 'topic',
        topicId: 't1',
        name: '读者须知',
        children: [{ type: 'page', pageId: 'p1', name: '借阅规则', avatar: null }],
      },
    ],
    'GET /api/v2/space/page/p1': page,
    'GET /api/v2/space/page/p1/block': {
      version: 1,
      revision: null,
      blocks: [
        {
          id: 'b1',
          type: 'paragraph',
          props: {},
          content: [{ type: 'text', text: '每人可借十本', styles: {} }],
          children: [],
        },
      ],
    },
    'GET /api/v2/space/page/p1/comment': { list: [], total: 0, page: 0, pageSize: 10000 },
  });
  configureApiClient({ fetch: server.fetch });
  const router = createMemoryRouter(
    [
      { path: '/space-mobile', element: <p>我的空间列表</p> },
      { path: '/space-mobile/:spaceId', element: <SpaceMobileScreen /> },
      { path: '/space-mobile/:spaceId/page/:pageId', element: <SpaceMobilePageScreen /> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { router };
}

beforeEach(() => {
  queryClient.clear();
  useSessionStore.setState({ token: 'tok-1' });
});
afterEach(() => {
  resetApiClient();
  useSessionStore.setState({ token: null });
});

describe('a page on a phone', () => {
  it('has a title bar naming the page, whose back leads to the topic holding it', async () => {
    const { router } = show('/space-mobile/s1/page/p1');
    expect(await screen.findByText('每人可借十本')).toBeTruthy();
    const bar = document.querySelector('.space-mobile-header');
    expect(bar?.querySelector('h4')?.textContent).toBe('借阅规则');
    const back = screen.getByRole('link', { name: '返回' });
    expect(back.getAttribute('href')).toBe('/space-mobile/s1?topic=t1');
    await userEvent.click(back);
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/space-mobile/s1?topic=t1',
    );
    expect(await screen.findByRole('heading', { name: '读者须知' })).toBeTruthy();
  });
});

describe('a space on a phone', () => {
  it('leads back up the topics, and from its top level to my spaces', async () => {
    const { router } = show('/space-mobile/s1?topic=t1');
    expect(await screen.findByText('借阅规则')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: '返回' }));
    expect(await screen.findByRole('heading', { name: '城市图书馆' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    await userEvent.click(screen.getByRole('link', { name: '返回' }));
    expect(router.state.location.pathname).toBe('/space-mobile');
  });
});

describe('a space’s settings on a phone', () => {
  it('are a tap away for the space’s admins', async () => {
    show('/space-mobile/s1', 'admin');
    await userEvent.click(await screen.findByRole('button', { name: '空间操作' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /空间设置/ }));
    expect(await screen.findByRole('dialog', { name: '空间设置' })).toBeTruthy();
  });

  it('are not offered to readers', async () => {
    show('/space-mobile/s1');
    expect(await screen.findByRole('heading', { name: '城市图书馆' })).toBeTruthy();
    // a logged-in reader's menu holds the export only
    await userEvent.click(await screen.findByRole('button', { name: '空间操作' }));
    expect(await screen.findByRole('menuitem', { name: /导出/ })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /空间设置/ })).toBeNull();
  });
});
