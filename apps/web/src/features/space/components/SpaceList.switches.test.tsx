// The provider's switches (spec §6) in the sidebar: with 'create space' off the sidebar offers no
// way to create a space (the '+' keeps 'new group'); on, or not known yet, it does.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { featureNames, type Feature, type SpaceGroup } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { SpaceList } from './SpaceList';

const emptyGroup: SpaceGroup = {
  groupId: '7a1f3c1e-0000-4000-8000-00000000000a',
  groupName: '我的空间',
  isDefault: true,
  spaceList: [],
};

function start(off: Feature[]) {
  const features = Object.fromEntries(featureNames.map((name) => [name, !off.includes(name)]));
  const server = createFakeServer({
    'GET /api/v3/space/group': [emptyGroup],
    'GET /api/v1/user/permission': { features },
  });
  configureApiClient({ fetch: server.fetch, getToken: () => 'tok' });
  const router = createMemoryRouter([{ path: '/home', element: <SpaceList /> }], {
    initialEntries: ['/home'],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return server;
}

describe('the sidebar under the provider’s switches', () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok' });
  });
  afterEach(() => {
    resetApiClient();
  });

  it('offers to create a space while the switch is on', async () => {
    start([]);
    expect(await screen.findByText('还没有空间')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: '新建空间' })).toHaveLength(2),
    );
  });

  it.each<Feature>(['createSpace', 'account'])(
    'offers no way to create a space when %s is off',
    async (off) => {
      const server = start([off]);
      expect(await screen.findByText('还没有空间')).toBeTruthy();
      await waitFor(() => expect(server.find('GET', '/api/v1/user/permission')).toHaveLength(1));
      await waitFor(() => expect(screen.queryByRole('button', { name: '新建空间' })).toBeNull());
      await userEvent.click(screen.getByRole('button', { name: '新建分组' }));
      expect(await screen.findByRole('menuitem', { name: '新建分组' })).toBeTruthy();
      expect(screen.queryByRole('menuitem', { name: '新建空间' })).toBeNull();
    },
  );
});
