import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import type { SpaceGroup } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer, type RecordedRequest } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { useCreateSpaceDialogStore } from '../stores/create-space-dialog-store';
import { CreateSpaceDialog } from './CreateSpaceDialog';

const groupA = '7a1f3c1e-0000-4000-8000-00000000000a';
const groupB = '7a1f3c1e-0000-4000-8000-00000000000b';
const newSpaceId = '7a1f3c1e-0000-4000-8000-000000000101';

function OpenedSpace() {
  const { spaceId } = useParams();
  return <p>opened {spaceId}</p>;
}

function start() {
  let groups: SpaceGroup[] = [
    { groupId: groupA, groupName: '我的空间', isDefault: true, spaceList: [] },
    { groupId: groupB, groupName: '工作', isDefault: false, spaceList: [] },
  ];
  const server = createFakeServer({
    'GET /api/v3/space/group': () => ({ body: groups }),
    'POST /api/v2/space': (request: RecordedRequest) => {
      const body = request.body as { name: string; icon: string | null; description: string };
      groups = groups.map((group) =>
        group.groupId === groupB
          ? {
              ...group,
              spaceList: [
                {
                  spaceId: newSpaceId,
                  name: body.name,
                  icon: body.icon,
                  description: '',
                  role: 'owner',
                },
              ],
            }
          : group,
      );
      return {
        body: {
          spaceId: newSpaceId,
          name: body.name,
          icon: body.icon,
          description: body.description,
          openToVisitors: false,
          ownerId: '10001',
          role: 'owner',
          abilities: {
            canRead: true,
            canEdit: true,
            canManage: true,
            canDelete: true,
            canShare: true,
          },
          createdAt: '2025-03-01T08:00:00.000Z',
          updatedAt: '2025-03-01T08:00:00.000Z',
        },
      };
    },
  });
  configureApiClient({ fetch: server.fetch, getToken: () => 'tok' });
  const router = createMemoryRouter(
    [
      { path: '/home', element: <CreateSpaceDialog /> },
      { path: '/space/:spaceId', element: <OpenedSpace /> },
    ],
    { initialEntries: ['/home'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { server, router };
}

describe('create-space dialog', () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok' });
  });
  afterEach(() => {
    resetApiClient();
    useCreateSpaceDialogStore.setState({ open: false, groupId: null });
  });

  it('creates a space with name, icon, description and group, then opens it', async () => {
    const user = userEvent.setup();
    const { server, router } = start();
    useCreateSpaceDialogStore.getState().show(groupB);
    const dialog = await screen.findByRole('dialog');

    await user.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(await within(dialog).findByText('名称不能为空')).toBeTruthy();
    expect(server.find('POST', '/api/v2/space')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('名称'), '  产品手册  ');
    await user.click(within(dialog).getByRole('option', { name: '📘' }));
    await user.type(within(dialog).getByLabelText('简介'), '团队的产品文档');
    await user.click(within(dialog).getByRole('button', { name: '创建' }));

    expect(await screen.findByText(`opened ${newSpaceId}`)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/space/${newSpaceId}`);
    expect(server.find('POST', '/api/v2/space')[0]?.body).toEqual({
      name: '产品手册',
      icon: '📘',
      description: '团队的产品文档',
      groupId: groupB,
    });
    await waitFor(() => expect(useCreateSpaceDialogStore.getState().open).toBe(false));
    // the sidebar's space groups are reloaded with the new space in them
    await waitFor(() =>
      expect(server.find('GET', '/api/v3/space/group').length).toBeGreaterThan(1),
    );
  });
});
