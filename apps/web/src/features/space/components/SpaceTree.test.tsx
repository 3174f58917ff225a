import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpaceDetail } from '@library/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { indexSpaceTree } from '../lib/space-tree';
import { useExpandedKeysStore } from '../stores/space-prefs-store';
import { SpaceContext, type SpaceViewContext } from './space-context';
import { spaceHrefs } from '../../../config/space-hrefs';
import { SpaceTree } from './SpaceTree';

const spaceId = 'space-1';
// 指南 (快速开始, 进阶 (细节)), 第二页, 官方网站 (link)
const serverTree = [
  {
    type: 'topic',
    topicId: 't1',
    name: '指南',
    children: [
      { type: 'page', pageId: 'p1', name: '快速开始', avatar: null },
      {
        type: 'topic',
        topicId: 't2',
        name: '进阶',
        children: [{ type: 'page', pageId: 'p2', name: '细节', avatar: null }],
      },
    ],
  },
  { type: 'page', pageId: 'p3', name: '第二页', avatar: null },
  { type: 'link', linkId: 'l1', name: '官方网站', url: 'https://example.com/' },
];

function start({
  canEdit = true,
  expanded = [] as string[],
  url = `/space/${spaceId}`,
  nodes = serverTree as unknown[],
  space = undefined as SpaceDetail | undefined,
} = {}) {
  const server = createFakeServer({
    'PUT /api/v2/space/node/p3/move': { id: 'p3', parentId: 't1', position: 'a1' },
  });
  configureApiClient({ fetch: server.fetch, getToken: () => 'tok' });
  useExpandedKeysStore.setState({ bySpace: { [spaceId]: expanded } });
  const actions = {
    create: vi.fn(),
    rename: vi.fn(),
    remove: vi.fn(),
    setVisitorsClosed: vi.fn(),
    refresh: vi.fn(),
    openSettings: vi.fn(),
    share: vi.fn(),
  };
  const context: SpaceViewContext = {
    spaceId,
    kind: 'space',
    hrefs: spaceHrefs('space', spaceId),
    space,
    tree: indexSpaceTree(nodes),
    treeLoading: false,
    canEdit,
    actions,
  };
  const element = (
    <SpaceContext.Provider value={context}>
      <SpaceTree />
    </SpaceContext.Provider>
  );
  const router = createMemoryRouter(
    [
      { path: '/space/:spaceId', element },
      { path: '/space/:spaceId/page/:pageId', element },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { server, actions, location };
}

const tree = () => screen.getByRole('tree', { name: '内容树' });
const item = (name: string) => screen.getByRole('treeitem', { name: new RegExp(`^${name}`) });
const names = () => screen.queryAllByRole('treeitem').map((row) => row.textContent);
const expanded = () => useExpandedKeysStore.getState().bySpace[spaceId];

describe('the content tree', () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => resetApiClient());

  it('shows the visible rows with their level, and the open page selected with its topics expanded', async () => {
    start({ url: `/space/${spaceId}/page/p2` });
    await waitFor(() => expect(names()).toHaveLength(6));
    expect(names()).toEqual(['指南', '快速开始', '进阶', '细节', '第二页', '官方网站']);
    expect(item('细节').getAttribute('aria-level')).toBe('3');
    expect(item('细节').getAttribute('aria-selected')).toBe('true');
    expect(item('第二页').getAttribute('aria-selected')).toBe('false');
    expect(item('指南').getAttribute('aria-expanded')).toBe('true');
    expect(item('第二页').hasAttribute('aria-expanded')).toBe(false);
    expect(expanded()).toEqual(['t2', 't1']);
    const link = within(item('官方网站')).getByRole('link', { name: '官方网站' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('opens a page or a topic on click; the switcher only expands or collapses', async () => {
    const user = userEvent.setup();
    const { location } = start();
    await user.click(item('第二页'));
    expect(location()).toBe(`/space/${spaceId}/page/p3`);
    expect(item('第二页').getAttribute('aria-selected')).toBe('true');

    const switcher = item('指南').querySelector('[data-action="toggle"]')!;
    await user.click(switcher);
    expect(expanded()).toEqual(['t1']);
    expect(location()).toBe(`/space/${spaceId}/page/p3`);
    await user.click(item('指南').querySelector('[data-action="toggle"]')!);
    expect(expanded()).toEqual([]);

    await user.click(item('指南'));
    expect(location()).toBe(`/space/${spaceId}?topic=t1`);
    expect(expanded()).toEqual(['t1']);
  });

  it('moves with the arrow keys, expands and collapses, and opens with Enter', async () => {
    const user = userEvent.setup();
    const { location } = start();
    const active = () => document.getElementById(tree().getAttribute('aria-activedescendant')!);
    act(() => tree().focus());
    expect(active()).toBe(item('指南'));
    await user.keyboard('{ArrowRight}');
    expect(expanded()).toEqual(['t1']);
    await user.keyboard('{ArrowRight}');
    expect(active()).toBe(item('快速开始'));
    await user.keyboard('{ArrowDown}{ArrowRight}{ArrowRight}');
    expect(active()).toBe(item('细节'));
    await user.keyboard('{ArrowLeft}');
    expect(active()).toBe(item('进阶'));
    await user.keyboard('{ArrowLeft}');
    expect(names()).not.toContain('细节');
    await user.keyboard('{End}');
    expect(active()).toBe(item('官方网站'));
    await user.keyboard('{Home}{ArrowDown}{Enter}');
    expect(location()).toBe(`/space/${spaceId}/page/p1`);
    expect(tree().classList.contains('is-keyboard')).toBe(true);
  });

  it('gives editors the node menu from the … button, a right click and the keyboard', async () => {
    const user = userEvent.setup();
    const { actions } = start();
    await user.click(screen.getByRole('button', { name: '更多操作 指南' }));
    await user.click(await screen.findByRole('menuitem', { name: '新建页面' }));
    expect(actions.create).toHaveBeenCalledWith('page', 't1');

    fireEvent.contextMenu(item('第二页'));
    await user.click(await screen.findByRole('menuitem', { name: '重命名' }));
    expect(actions.rename).toHaveBeenCalledWith(expect.objectContaining({ pageId: 'p3' }));

    act(() => tree().focus());
    await user.keyboard('{Delete}');
    expect(actions.remove).toHaveBeenCalledWith(expect.objectContaining({ pageId: 'p3' }));
  });

  it('offers share only to who may share: admins, editors when the space lets them', async () => {
    const user = userEvent.setup();
    const editor = (canShare: boolean): SpaceDetail => ({
      spaceId,
      name: '团队空间',
      icon: null,
      description: '',
      openToVisitors: false,
      ownerId: '1',
      role: 'editor',
      abilities: { canRead: true, canEdit: true, canManage: false, canDelete: false, canShare },
      createdAt: '2025-03-01T08:00:00.000Z',
      updatedAt: '2025-03-01T08:00:00.000Z',
    });
    start({ space: editor(false) });
    await user.click(screen.getByRole('button', { name: '更多操作 指南' }));
    expect(await screen.findByRole('menuitem', { name: '重命名' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: '分享' })).toBeNull();
    cleanup();

    const { actions } = start({ space: editor(true) });
    await user.click(screen.getByRole('button', { name: '更多操作 指南' }));
    await user.click(await screen.findByRole('menuitem', { name: '分享' }));
    expect(actions.share).toHaveBeenCalledWith(expect.objectContaining({ topicId: 't1' }));
  });

  it('is read-only for readers: no … buttons, no menu, no dragging', async () => {
    const user = userEvent.setup();
    const { actions } = start({ canEdit: false });
    expect(screen.queryByRole('button', { name: /更多操作/ })).toBeNull();
    expect(item('第二页').getAttribute('draggable')).toBe('false');
    fireEvent.contextMenu(item('第二页'));
    expect(screen.queryByRole('menu')).toBeNull();
    act(() => tree().focus());
    await user.keyboard('{ArrowDown}{Delete}{F2}');
    expect(actions.remove).not.toHaveBeenCalled();
    expect(actions.rename).not.toHaveBeenCalled();
  });

  it('moves a dragged node inside a topic, and refuses a topic dropped into its own subtree', async () => {
    const { server } = start({ expanded: ['t1'] });
    const rowBox = (row: HTMLElement) =>
      vi.spyOn(row, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 100, 280, 28));
    const dataTransfer = { setData: vi.fn(), effectAllowed: 'all', dropEffect: 'none' };

    // a topic onto its own child topic: not allowed (the dragover is not accepted)
    fireEvent.dragStart(item('指南'), { dataTransfer });
    rowBox(item('进阶'));
    expect(fireEvent.dragOver(item('进阶'), { clientY: 114, dataTransfer })).toBe(true);
    expect(item('进阶').className).not.toMatch(/is-drop/);
    fireEvent.drop(item('进阶'), { clientY: 114, dataTransfer });
    fireEvent.dragEnd(item('指南'), { dataTransfer });

    // a page onto the middle of a topic: inside it
    fireEvent.dragStart(item('第二页'), { dataTransfer });
    expect(fireEvent.dragOver(item('进阶'), { clientY: 114, dataTransfer })).toBe(false);
    expect(item('进阶').classList.contains('is-drop-inside')).toBe(true);
    fireEvent.drop(item('进阶'), { clientY: 114, dataTransfer });
    await waitFor(() => expect(server.find('PUT', '/api/v2/space/node/p3/move')).toHaveLength(1));
    expect(server.find('PUT', '/api/v2/space/node/p3/move')[0]?.body).toEqual({
      targetId: 't2',
      placement: 'inside',
    });
    expect(server.requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
    await waitFor(() => expect(expanded()).toContain('t2'));
  });

  it('renders only a window of a long list', () => {
    const nodes = Array.from({ length: 2000 }, (_, i) => ({
      type: 'page',
      pageId: `p${i}`,
      name: `页面 ${i}`,
      avatar: null,
    }));
    start({ nodes });
    const rows = screen.getAllByRole('treeitem');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(100);
    expect(rows[0]!.getAttribute('aria-setsize')).toBe('2000');
    // End scrolls the last row into view (happy-dom has no layout: the scroll event by hand)
    act(() => tree().focus());
    fireEvent.keyDown(tree(), { key: 'End' });
    expect(tree().scrollTop).toBeGreaterThan(2000 * 27);
    fireEvent.scroll(tree());
    expect(item('页面 1999').getAttribute('aria-posinset')).toBe('2000');
    expect(screen.queryByRole('treeitem', { name: /^页面 0/ })).toBeNull();
  });
});
