import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { OpenEntry } from './OpenEntry';

const precheckPath = 'GET /api/v1/mcp/space/s1/accessControl/visitor';

function enter(answer: unknown) {
  const server = createFakeServer({ [precheckPath]: answer });
  configureApiClient({ fetch: server.fetch });
  const router = createMemoryRouter(
    [
      { path: '/open/:spaceId', element: <OpenEntry /> },
      { path: '/open-space/:spaceId', element: <p>开放空间视图</p> },
      { path: '/space/:spaceId', element: <p>成员空间视图</p> },
    ],
    { initialEntries: ['/open/s1'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { server, router };
}

beforeEach(() => queryClient.clear());
afterEach(() => resetApiClient());

describe('the visitor entry /open/:spaceId', () => {
  it('sends a visitor on to the open space view', async () => {
    const { router, server } = enter({ code: 0, data: null, msg: 'success' });
    expect(await screen.findByText('开放空间视图')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/open-space/s1');
    expect(server.find('GET', '/api/v1/mcp/space/s1/accessControl/visitor')).toHaveLength(1);
  });

  it('sends a member to the member view', async () => {
    const { router } = enter({ code: 900015, data: null, msg: '已授权或已可直接查看' });
    expect(await screen.findByText('成员空间视图')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/space/s1');
  });

  it('says so when the space does not allow visitors, without a toast', async () => {
    const { router } = enter({ code: 900013, data: null, msg: '该空间不允许访客访问' });
    expect(await screen.findByText('该空间不允许访客访问')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/open/s1'));
    expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0);
  });
});
