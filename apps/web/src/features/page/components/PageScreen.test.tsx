import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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

function show(
  page: PageDetail,
  { url = '/space/s1/page/p1', watching = false }: { url?: string; watching?: boolean } = {},
) {
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
    'GET /api/v2/space/page/p1/comment': {
      list: [
        {
          commentId: 'c1',
          parentId: null,
          blockId: null,
          content: '请看第二条',
          deleted: false,
          createdAt: '2026-11-02T00:00:00.000Z',
          updatedAt: '2026-11-02T00:00:00.000Z',
          creator: { userId: '10002', nickname: '馆长', avatar: null },
          mentions: [],
          abilities: { canEdit: false, canDelete: false },
          children: [],
        },
      ],
      total: 1,
      page: 0,
      pageSize: 10000,
    },
    'GET /api/v1/watch': { watching },
    'PUT /api/v1/watch': (request: { body: unknown }) => ({
      body: { watching: (request.body as { watch: boolean }).watch },
    }),
  });
  configureApiClient({ fetch: server.fetch });
  const router = createMemoryRouter(
    [{ path: '/space/:spaceId/page/:pageId', element: <PageScreen /> }],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return server;
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

describe("the page toolbar's watch", () => {
  it('starts and stops hearing of the page, the bell telling which', async () => {
    const server = show(editorPage(false));
    fireEvent.click(await screen.findByRole('button', { name: '关注' }));
    const stop = await screen.findByRole('button', { name: '取消关注' });
    expect(stop.getAttribute('aria-pressed')).toBe('true');
    expect(server.find('PUT', '/api/v1/watch')[0]?.body).toEqual({
      targetType: 'page',
      targetId: 'p1',
      watch: true,
    });
    expect(server.find('GET', '/api/v1/watch')[0]?.query.get('targetId')).toBe('p1');
    fireEvent.click(stop);
    expect(await screen.findByRole('button', { name: '关注' })).toBeTruthy();
  });

  it('is not offered without a login', async () => {
    useSessionStore.setState({ token: null });
    const server = show(editorPage(false));
    expect(await screen.findByRole('button', { name: /版本/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '关注' })).toBeNull();
    expect(server.find('GET', '/api/v1/watch')).toHaveLength(0);
  });
});

describe('a page opened at a comment (`?comment=`, from a notification)', () => {
  it('opens the comments with that comment marked', async () => {
    show(editorPage(false), { url: '/space/s1/page/p1?comment=c1' });
    const text = await screen.findByText('请看第二条');
    await waitFor(() => expect(text.closest('.page-comment')?.classList).toContain('is-focused'));
  });
});
