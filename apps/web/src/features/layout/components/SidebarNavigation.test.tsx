import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { SidebarNavigation } from './SidebarNavigation';

function start(pending: number, collapsed = false) {
  const server = createFakeServer({ 'GET /api/v1/addrbook/invite/count': { pending } });
  configureApiClient({ fetch: server.fetch });
  const router = createMemoryRouter(
    [{ path: '/home', element: <SidebarNavigation collapsed={collapsed} /> }],
    { initialEntries: ['/home'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return server;
}

function addressBookEntry(): HTMLElement {
  const item = screen.getByText('通讯录').closest('li');
  if (!item) throw new Error('no address book entry');
  return item;
}

describe("the sidebar's address book entry", () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok-sidebar' });
  });
  afterEach(() => {
    resetApiClient();
    useSessionStore.setState({ token: null });
  });

  it('carries the count of invites waiting for me, 99+ above 99', async () => {
    start(120);
    await waitFor(() =>
      expect(addressBookEntry().querySelector('.count-badge')?.textContent).toBe('99+'),
    );
    expect(addressBookEntry().querySelector('.count-badge')?.getAttribute('title')).toBe(
      '120 条邀请等待你处理',
    );
  });

  it('shows no badge when nothing waits', async () => {
    const server = start(0);
    await waitFor(() =>
      expect(server.find('GET', '/api/v1/addrbook/invite/count')).toHaveLength(1),
    );
    expect(addressBookEntry().querySelector('.count-badge')).toBeNull();
  });
});
