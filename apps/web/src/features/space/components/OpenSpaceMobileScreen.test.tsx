import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useLoginRedirectStore } from '../../auth/stores/login-redirect-store';
import { useSessionStore } from '../../auth/stores/session-store';
import { useDialogStore } from '../../layout/stores/dialog-store';
import { OpenSpaceMobileScreen } from './OpenSpaceMobileScreen';

const openSpace = (spaceId: string, name: string, description = '') => ({
  spaceId,
  name,
  icon: null,
  description,
  updatedAt: '2026-11-20T08:00:00.000Z',
});

function show(list: ReturnType<typeof openSpace>[]) {
  const server = createFakeServer({ 'GET /api/v3/space/openSpace': { list, total: list.length } });
  configureApiClient({ fetch: server.fetch });
  const router = createMemoryRouter(
    [
      { path: '/open-space/mobile', element: <OpenSpaceMobileScreen /> },
      { path: '/space-mobile/:spaceId', element: <p>手机空间视图</p> },
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

  it('asks an anonymous visitor to log in and then opens the chosen space', async () => {
    show([openSpace('s1', '城市开放图书馆')]);
    expect(await screen.findByText('登录后即可在手机上浏览开放空间')).toBeTruthy();
    await userEvent.click(screen.getByText('城市开放图书馆'));
    expect(useDialogStore.getState().type).toBe('login');
    expect(useLoginRedirectStore.getState().target).toBe('/space-mobile/s1');
  });

  it('opens the space at once for a logged-in user', async () => {
    useSessionStore.setState({ token: 'tok-1' });
    const { router } = show([openSpace('s1', '城市开放图书馆')]);
    await userEvent.click(await screen.findByText('城市开放图书馆'));
    expect(router.state.location.pathname).toBe('/space-mobile/s1');
    expect(screen.queryByText('登录后即可在手机上浏览开放空间')).toBeNull();
  });

  it('says so when no space is open yet', async () => {
    show([]);
    expect(await screen.findByText('还没有对访客开放的空间')).toBeTruthy();
  });
});
