import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useLoginRedirectStore } from '../../auth';
import { useSessionStore } from '../../../stores/session-store';
import { useDialogStore } from '../../../stores/dialog-store';
import { OpenSpaceMobileScreen } from './OpenSpaceMobileScreen';

const openSpace = (spaceId: string, name: string, description = '') => ({
  spaceId,
  name,
  icon: null,
  description,
  updatedAt: '2026-11-20T08:00:00.000Z',
});

const page = {
  pageId: 'p1',
  spaceId: 's1',
  parentId: null,
  title: '开放时间',
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

function show(list: ReturnType<typeof openSpace>[]) {
  const server = createFakeServer({
    'GET /api/v3/space/openSpace': { list, total: list.length },
    'GET /api/v2/space/s1': {
      ...list[0],
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
    },
    'GET /api/v2/space/s1/tree': [{ type: 'page', pageId: 'p1', name: '开放时间', avatar: null }],
    'GET /api/v2/space/page/p1': page,
    'GET /api/v2/space/page/p1/block': {
      version: 1,
      revision: null,
      blocks: [
        {
          id: 'b1',
          type: 'paragraph',
          props: {},
          content: [{ type: 'text', text: '每周一闭馆', styles: {} }],
          children: [],
        },
      ],
    },
    'GET /api/v2/space/page/p1/comment': { list: [], total: 0, page: 0, pageSize: 10000 },
  });
  configureApiClient({ fetch: server.fetch });
  const router = createMemoryRouter(
    [
      { path: '/open-space/mobile', element: <OpenSpaceMobileScreen /> },
      { path: '/space-mobile/:spaceId', element: <p>手机空间视图</p> },
      { path: '/space-mobile/:spaceId/page/:pageId', element: <p>手机页面</p> },
    ],
    { initialEntries: ['/open-space/mobile'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { server, router };
}

beforeEach(() => {
  queryClient.clear();
  useDialogStore.setState({ type: null });
  useLoginRedirectStore.getState().forget();
});
afterEach(() => {
  resetApiClient();
  useSessionStore.setState({ token: null });
});

describe('the mobile open space list', () => {
  it('lists the open spaces with their descriptions, asked for a page at a time', async () => {
    const { server } = show([openSpace('s1', '城市开放图书馆', '开馆时间与借阅规则')]);
    expect(await screen.findByText('城市开放图书馆')).toBeTruthy();
    expect(screen.getByText('开馆时间与借阅规则')).toBeTruthy();
    const asked = server.fetch.mock.calls[0]?.[0];
    expect(String(asked)).toContain('/api/v3/space/openSpace?page=0&pageSize=20');
  });

  it("opens a space's content list and its pages for an anonymous visitor, within this screen", async () => {
    const { router, server } = show([openSpace('s1', '城市开放图书馆')]);
    expect(await screen.findByText('登录后可以向开放空间的 AI 提问')).toBeTruthy();
    await userEvent.click(screen.getByText('城市开放图书馆'));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/open-space/mobile?space=s1',
    );
    expect(await screen.findByText('开放时间')).toBeTruthy();
    // no chat and no file library without a login, and no history recorded
    expect(screen.queryByText('AI 问答')).toBeNull();
    expect(server.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    await userEvent.click(screen.getByText('开放时间'));
    expect(router.state.location.search).toBe('?space=s1&page=p1');
    expect(await screen.findByText('每周一闭馆')).toBeTruthy();
    expect(useDialogStore.getState().type).toBeNull();
  });

  it('gives a visitor a title bar with back and the way in, on a space and on its pages', async () => {
    const { router } = show([openSpace('s1', '城市开放图书馆')]);
    await userEvent.click(await screen.findByText('城市开放图书馆'));
    const title = await screen.findByRole('heading', { name: '城市开放图书馆' });
    expect(title.closest('.space-mobile-header')).not.toBeNull();
    expect(screen.getByRole('link', { name: '返回' }).getAttribute('href')).toBe(
      '/open-space/mobile',
    );
    await userEvent.click(screen.getByRole('button', { name: /登录/ }));
    expect(useDialogStore.getState().type).toBe('login');
    // logging in continues on the member view of the same space
    expect(useLoginRedirectStore.getState().target).toBe('/space-mobile/s1');
    useDialogStore.setState({ type: null });

    await userEvent.click(screen.getByText('开放时间'));
    expect(await screen.findByText('每周一闭馆')).toBeTruthy();
    // the bar names the page (the page's own heading is below it)
    const bar = document.querySelector('.space-mobile-header');
    expect(bar?.querySelector('h4')?.textContent).toBe('开放时间');
    expect(screen.getByRole('link', { name: '返回' }).getAttribute('href')).toBe(
      '/open-space/mobile?space=s1',
    );
    await userEvent.click(screen.getByRole('button', { name: /登录/ }));
    expect(useLoginRedirectStore.getState().target).toBe('/space-mobile/s1/page/p1');
    await userEvent.click(screen.getByRole('link', { name: '返回' }));
    expect(router.state.location.search).toBe('?space=s1');
  });

  it('sends a logged-in user on to the mobile space view of the same place', async () => {
    useSessionStore.setState({ token: 'tok-1' });
    const { router } = show([openSpace('s1', '城市开放图书馆')]);
    await userEvent.click(await screen.findByText('城市开放图书馆'));
    expect(router.state.location.pathname).toBe('/space-mobile/s1');
    expect(screen.queryByText('登录后可以向开放空间的 AI 提问')).toBeNull();
  });

  it('says so when no space is open yet', async () => {
    show([]);
    expect(await screen.findByText('还没有对访客开放的空间')).toBeTruthy();
  });
});
