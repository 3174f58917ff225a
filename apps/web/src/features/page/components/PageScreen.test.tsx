import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PageDetail } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { PageScreen } from './PageScreen';

/** An editor's page; `canShare` as the space's editors-may-share switch makes it. */
function editorPage(canShare: boolean): PageDetail {
  return {
    pageId: 'p1',
    spaceId: 's1',
    parentId: null,
    title: '借阅规则',
    avatar: null,
    revision: 1,
    publishedVersion: 1,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    createdBy: { userId: '10002', nickname: '馆长', avatar: null },
    updatedBy: null,
    abilities: {
      canEdit: true,
      canPublish: true,
      canComment: true,
      canManageComments: false,
      canShare,
    },
  };
}

function show(page: PageDetail) {
  const server = createFakeServer({
    'GET /api/v2/space/page/p1': page,
    'GET /api/v2/space/page/p1/block': {
      version: 0,
      revision: 1,
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
    [{ path: '/space/:spaceId/page/:pageId', element: <PageScreen /> }],
    { initialEntries: ['/space/s1/page/p1'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

beforeEach(() => {
  queryClient.clear();
  useSessionStore.setState({ token: 'tok-1' });
});
afterEach(() => {
  resetApiClient();
  useSessionStore.setState({ token: null });
});

describe("the page toolbar's share", () => {
  it('is not offered to an editor while the space keeps sharing to its admins', async () => {
    show(editorPage(false));
    expect(await screen.findByRole('button', { name: /导出/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /分享/ })).toBeNull();
  });

  it('is offered to an editor once the space lets its editors share', async () => {
    show(editorPage(true));
    expect(await screen.findByRole('button', { name: /分享/ })).toBeTruthy();
  });
});
