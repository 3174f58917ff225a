import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecycleItem } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { toast } from '../../../components/toast';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { RecycleScreen } from './RecycleScreen';

function item(overrides: Partial<RecycleItem>): RecycleItem {
  return {
    recycleId: 'r1',
    kind: 'page',
    targetId: 'p1',
    name: '第三章 笔记',
    spaceId: 's1',
    spaceName: '读书笔记',
    spaceDeleted: false,
    path: ['文学', '小说'],
    deletedAt: '2025-03-01T08:00:00.000Z',
    deletedBy: { userId: 'u1', nickname: '林小书', avatar: null },
    expiresAt: '2025-03-31T08:00:00.000Z',
    abilities: { canRestore: true, canPurge: true },
    ...overrides,
  };
}

const items = [
  item({}),
  item({ recycleId: 'r2', targetId: 'p2', name: '孤儿页面', path: ['已删主题'] }),
  item({
    recycleId: 'r3',
    targetId: 'p3',
    name: '旧空间里的页面',
    spaceName: '旧空间',
    spaceDeleted: true,
    abilities: { canRestore: false, canPurge: true },
  }),
];

function start() {
  let list = [...items];
  const server = createFakeServer({
    'GET /api/v1/recycle': () => ({
      body: { list, total: list.length, page: 0, pageSize: 10 },
    }),
    'POST /api/v1/recycle/r1/restore': () => {
      list = list.filter((entry) => entry.recycleId !== 'r1');
      return {
        body: {
          recycleId: 'r1',
          kind: 'page',
          targetId: 'p1',
          spaceId: 's1',
          parentId: 't1',
          movedToRoot: false,
        },
      };
    },
    'POST /api/v1/recycle/r2/restore': () => {
      list = list.filter((entry) => entry.recycleId !== 'r2');
      return {
        body: {
          recycleId: 'r2',
          kind: 'page',
          targetId: 'p2',
          spaceId: 's1',
          parentId: null,
          movedToRoot: true,
        },
      };
    },
    'DELETE /api/v1/recycle/r1': () => {
      list = list.filter((entry) => entry.recycleId !== 'r1');
      return { body: null };
    },
  });
  configureApiClient({ fetch: server.fetch });
  const router = createMemoryRouter([{ path: '/recycle', element: <RecycleScreen /> }], {
    initialEntries: ['/recycle'],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return server;
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('recycle bin', () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => {
    resetApiClient();
    toast.closeAll();
  });

  it('lists deleted items with where they were and who deleted them', async () => {
    start();
    expect(await screen.findByText('第三章 笔记')).toBeTruthy();
    const row = rowOf('第三章 笔记');
    expect(within(row).getByText('读书笔记 / 文学 / 小说')).toBeTruthy();
    expect(within(row).getByText('林小书')).toBeTruthy();
    expect(within(row).getByRole('img', { name: '页面' })).toBeTruthy();
  });

  it('restores to the original place, or says it went to the space root', async () => {
    const user = userEvent.setup();
    const server = start();
    await screen.findByText('第三章 笔记');

    await user.click(within(rowOf('第三章 笔记')).getByRole('button', { name: /恢复/ }));
    expect(await screen.findByText('“第三章 笔记”已恢复到原来的位置')).toBeTruthy();
    expect(server.find('POST', '/api/v1/recycle/r1/restore')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('第三章 笔记')).toBeNull());

    await user.click(within(rowOf('孤儿页面')).getByRole('button', { name: /恢复/ }));
    expect(
      await screen.findByText('“孤儿页面”已恢复到“读书笔记”的根目录（原来的主题已不存在）'),
    ).toBeTruthy();
  });

  it('explains why an item of a deleted space cannot be restored', async () => {
    start();
    await screen.findByText('旧空间里的页面');
    const row = rowOf('旧空间里的页面');
    expect(within(row).queryByRole('button', { name: /恢复/ })).toBeNull();
    expect(
      within(row).getAllByText(/所在空间已被删除，请先恢复空间“旧空间”/).length,
    ).toBeGreaterThan(0);
  });

  it('deletes forever only after a confirmation naming the item', async () => {
    const user = userEvent.setup();
    const server = start();
    await screen.findByText('第三章 笔记');

    await user.click(within(rowOf('第三章 笔记')).getByRole('button', { name: /永久删除/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('永久删除“第三章 笔记”？').length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText('此操作无法撤销。').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(server.find('DELETE', '/api/v1/recycle/r1')).toHaveLength(0);

    await user.click(within(rowOf('第三章 笔记')).getByRole('button', { name: /永久删除/ }));
    // the first dialog may still be fading out: use the newest one
    const dialogs = await screen.findAllByRole('dialog');
    const again = dialogs[dialogs.length - 1]!;
    await user.click(within(again).getByRole('button', { name: '永久删除' }));
    expect(await screen.findByText('“第三章 笔记”已永久删除')).toBeTruthy();
    expect(server.find('DELETE', '/api/v1/recycle/r1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('第三章 笔记')).toBeNull());
  });
});
