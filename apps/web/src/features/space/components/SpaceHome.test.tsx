import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SpaceDetail } from '@library/contract';
import { renderWithProviders } from '../../../test/render';
import { indexSpaceTree } from '../lib/space-tree';
import { SpaceContext, type SpaceViewContext } from './space-context';
import { spaceHrefs } from '../../../config/space-hrefs';
import { SpaceHome } from './SpaceHome';

const spaceId = 'space-1';
const space = {
  spaceId,
  name: '大空间',
  icon: null,
  description: '',
  openToVisitors: false,
  ownerId: '100001',
  role: 'owner',
  abilities: { canRead: true, canEdit: true, canManage: true, canDelete: true, canShare: true },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
} as SpaceDetail;

function start(rootCount: number) {
  const nodes = Array.from({ length: rootCount }, (_, index) => ({
    type: 'page',
    pageId: `p${index}`,
    name: `页面 ${index}`,
    avatar: null,
  }));
  const context: SpaceViewContext = {
    spaceId,
    kind: 'space',
    hrefs: spaceHrefs('space', spaceId),
    space,
    tree: indexSpaceTree(nodes),
    treeLoading: false,
    canEdit: true,
    actions: {
      create: vi.fn(),
      rename: vi.fn(),
      remove: vi.fn(),
      setVisitorsClosed: vi.fn(),
      refresh: vi.fn(),
      openSettings: vi.fn(),
      share: vi.fn(),
    },
  };
  const router = createMemoryRouter(
    [
      {
        path: '/space/:spaceId',
        element: (
          <SpaceContext.Provider value={context}>
            <SpaceHome />
          </SpaceContext.Provider>
        ),
      },
    ],
    { initialEntries: [`/space/${spaceId}`] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

const cards = () => screen.queryAllByText(/^页面 \d+$/);

describe('SpaceHome cards', () => {
  it('draws the first 48 cards of a large root and the rest on request', async () => {
    start(60);
    expect(cards()).toHaveLength(48);
    await userEvent.click(screen.getByRole('button', { name: '显示全部 60 项' }));
    expect(cards()).toHaveLength(60);
  });

  it('draws a small root whole, without the button', () => {
    start(5);
    expect(cards()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /显示全部/ })).toBeNull();
  });
});
