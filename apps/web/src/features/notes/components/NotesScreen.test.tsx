import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Note, NoteSummary, TreeNode } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { toast } from '../../../components/toast';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { autosaveDelayMs } from '../lib/use-note-autosave';
import { NotesScreen } from './NotesScreen';

const noteId = '7a0c0f5e-0000-4000-8000-000000000001';

const summary: NoteSummary = {
  noteId,
  title: '读书计划',
  text: '第一章',
  createdAt: '2025-03-01T08:00:00.000Z',
  updatedAt: '2025-03-02T08:00:00.000Z',
};
const note: Note = { ...summary, content: [] };

const tree: TreeNode[] = [
  {
    type: 'topic',
    topicId: 'topic-1',
    name: '第一部分',
    children: [{ type: 'page', pageId: 'p0', name: '旧页面', avatar: null }],
  },
  { type: 'page', pageId: 'p1', name: '根页面', avatar: null },
];

function noteListUrls(server: ReturnType<typeof createFakeServer>): URL[] {
  return server.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/note');
}

function start(path: string) {
  const server = createFakeServer({
    'GET /api/v1/note': () => ({
      body: { list: [summary], total: 1, page: 0, pageSize: 100 },
    }),
    [`GET /api/v1/note/${noteId}`]: note,
    [`PUT /api/v1/note/${noteId}`]: (request: { body: unknown }) => ({
      body: { ...note, ...(request.body as object) },
    }),
    'GET /api/v3/space/group': [
      {
        groupId: 'g1',
        groupName: '默认分组',
        spaceList: [
          { spaceId: 's-read', name: '只读空间', icon: null, description: '', role: 'reader' },
          { spaceId: 's-edit', name: '读书笔记', icon: null, description: '', role: 'editor' },
        ],
      },
    ],
    'GET /api/v2/space/s-edit/tree': tree,
    [`POST /api/v1/note/${noteId}/toPage`]: { pageId: 'new-page', spaceId: 's-edit' },
  });
  configureApiClient({ fetch: server.fetch });
  const router = createMemoryRouter(
    [
      { path: '/notes', element: <NotesScreen /> },
      { path: '/space/:spaceId/page/:pageId', element: <p>page opened</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { server, router };
}

describe('quick notes', () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok-notes' });
  });
  afterEach(() => {
    resetApiClient();
    toast.closeAll();
    useSessionStore.setState({ token: null });
  });

  it('autosaves once after typing stops, with title, text and one paragraph per line', async () => {
    const user = userEvent.setup();
    const { server } = start(`/notes?note=${noteId}`);
    const body = await screen.findByLabelText('笔记内容');
    expect(screen.getByRole('status').textContent?.trim()).toBe('已保存');

    await user.type(body, '\n第二章');
    // still inside the quiet time: nothing sent yet, the state says so
    expect(server.find('PUT', `/api/v1/note/${noteId}`)).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('有改动未保存');

    await waitFor(() => expect(server.find('PUT', `/api/v1/note/${noteId}`)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('已保存'));
    await new Promise((resolve) => setTimeout(resolve, autosaveDelayMs + 200));
    const puts = server.find('PUT', `/api/v1/note/${noteId}`);
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toEqual({
      title: '读书计划',
      text: '第一章\n第二章',
      content: [
        {
          id: 'note-line-0',
          type: 'paragraph',
          props: {},
          content: [{ type: 'text', text: '第一章', styles: {} }],
          children: [],
        },
        {
          id: 'note-line-1',
          type: 'paragraph',
          props: {},
          content: [{ type: 'text', text: '第二章', styles: {} }],
          children: [],
        },
      ],
    });
  });

  it('shows a failed save with a retry that sends the text again', async () => {
    const user = userEvent.setup();
    const { server } = start(`/notes?note=${noteId}`);
    let fail = true;
    configureApiClient({
      fetch: async (input, init) => {
        if (fail && init?.method === 'PUT') {
          return new Response(JSON.stringify({ code: 100001, data: null, msg: 'boom' }), {
            status: 500,
          });
        }
        return server.fetch(input, init);
      },
    });
    await user.type(await screen.findByLabelText('笔记标题'), '！');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('保存失败'));
    fail = false;
    await user.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('已保存'));
    expect(server.find('PUT', `/api/v1/note/${noteId}`)[0]?.body).toMatchObject({
      title: '读书计划！',
    });
  });

  it('searches once the typing pauses, not for every key', async () => {
    const user = userEvent.setup();
    const { server } = start('/notes');
    expect(await screen.findByText('读书计划')).toBeTruthy();
    await user.type(screen.getByLabelText('搜索笔记'), '计划书');
    await waitFor(() =>
      expect(noteListUrls(server).map((url) => url.searchParams.get('keywords'))).toContain(
        '计划书',
      ),
    );
    const searched = noteListUrls(server)
      .map((url) => url.searchParams.get('keywords'))
      .filter((keywords) => keywords !== null);
    expect(searched).toEqual(['计划书']);
  });

  it('turns a note into a page in an editable space and topic, then opens the page', async () => {
    const user = userEvent.setup();
    const { server, router } = start(`/notes?note=${noteId}`);
    await user.click(await screen.findByRole('button', { name: /转为页面/ }));
    const dialog = await screen.findByRole('dialog');

    await user.click(within(dialog).getAllByRole('combobox')[0]!);
    // only spaces the user can edit are offered
    expect(screen.queryByTitle('只读空间')).toBeNull();
    await user.click(await screen.findByTitle('读书笔记'));
    await user.click(within(dialog).getAllByRole('combobox')[1]!);
    await user.click(await screen.findByTitle('第一部分'));
    expect(screen.queryByTitle('根页面')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: '转为页面' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/space/s-edit/page/new-page'));
    expect(server.find('POST', `/api/v1/note/${noteId}/toPage`)[0]?.body).toEqual({
      spaceId: 's-edit',
      parentId: 'topic-1',
    });
    expect(await screen.findByText('page opened')).toBeTruthy();
  });
});

describe('deleting a quick note', () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok-notes' });
  });
  afterEach(() => {
    resetApiClient();
    toast.closeAll();
    useSessionStore.setState({ token: null });
  });

  it('asks first, then offers an undo that makes the note again from the kept copy', async () => {
    const user = userEvent.setup();
    const restoredId = '7a0c0f5e-0000-4000-8000-000000000002';
    const server = createFakeServer({
      'GET /api/v1/note': { list: [summary], total: 1, page: 0, pageSize: 100 },
      [`GET /api/v1/note/${noteId}`]: note,
      [`DELETE /api/v1/note/${noteId}`]: null,
      'POST /api/v1/note': { ...note, noteId: restoredId },
      [`GET /api/v1/note/${restoredId}`]: { ...note, noteId: restoredId },
    });
    configureApiClient({ fetch: server.fetch });
    const router = createMemoryRouter([{ path: '/notes', element: <NotesScreen /> }], {
      initialEntries: [`/notes?note=${noteId}`],
    });
    renderWithProviders(<RouterProvider router={router} />);

    await user.click(await screen.findByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('“读书计划”将被删除。').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: '删除' }));

    await waitFor(() => expect(server.find('DELETE', `/api/v1/note/${noteId}`)).toHaveLength(1));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.click(await screen.findByRole('button', { name: '撤销' }));

    await waitFor(() => expect(server.find('POST', '/api/v1/note')).toHaveLength(1));
    expect(server.find('POST', '/api/v1/note')[0]?.body).toMatchObject({
      title: '读书计划',
      text: '第一章',
    });
    await waitFor(() => expect(router.state.location.search).toBe(`?note=${restoredId}`));
  });
});
