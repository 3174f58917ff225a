import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpaceFile } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { toast } from '../../../components/toast';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { FileLibrary } from './FileLibrary';

function spaceFile(overrides: Partial<SpaceFile>): SpaceFile {
  return {
    fileId: 'f1',
    spaceId: 's1',
    name: '年度报告.pdf',
    size: 2_621_440,
    mimeType: 'application/pdf',
    kind: 'pdf',
    uploader: { userId: 'u1', nickname: '林小书', avatar: null },
    createdAt: '2026-11-20T08:30:00.000Z',
    pageId: 'p1',
    pages: [{ pageId: 'p1', name: '入门指南' }],
    textStatus: 'done',
    abilities: { canRename: true, canDelete: true, canDownload: true },
    ...overrides,
  };
}

const previewBodies: Record<string, string> = {
  '/preview/f2': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  '/preview/f3':
    '# 会议纪要\n\n- 第一项\n\n<img src=x onerror="alert(1)">\n\n[危险](javascript:alert(1))',
};

function start(files: SpaceFile[]) {
  let list = [...files];
  // the recycle bin of the fake server: what a delete put there, by recycle id
  const bin = new Map<string, SpaceFile>();
  const server = createFakeServer({
    'GET /api/v3/space/s1/file': (request: { path: string }) => {
      void request;
      return { body: { list, total: list.length, page: 0, pageSize: 10 } };
    },
    'PUT /api/v3/space/file/f1': (request: { body: unknown }) => {
      const { name } = request.body as { name: string };
      list = list.map((file) => (file.fileId === 'f1' ? { ...file, name } : file));
      return { body: list.find((file) => file.fileId === 'f1') };
    },
    'DELETE /api/v3/space/file/f1': () => {
      const deleted = list.find((file) => file.fileId === 'f1');
      if (deleted) bin.set('r1', deleted);
      list = list.filter((file) => file.fileId !== 'f1');
      return { body: { recycleId: 'r1' } };
    },
    'POST /api/v1/recycle/r1/restore': () => {
      const restored = bin.get('r1');
      if (!restored) return { status: 404, body: null };
      bin.delete('r1');
      list = [...list, restored];
      return {
        body: {
          recycleId: 'r1',
          kind: 'file',
          targetId: restored.fileId,
          spaceId: restored.spaceId,
          parentId: null,
          movedToRoot: false,
        },
      };
    },
    'GET /api/v3/space/file/f2/previewUrl': {
      url: '/preview/f2',
      expiresAt: '2099-01-01T00:00:00Z',
    },
    'GET /api/v3/space/file/f3/previewUrl': {
      url: '/preview/f3',
      expiresAt: '2099-01-01T00:00:00Z',
    },
  });
  configureApiClient({ fetch: server.fetch });
  // The viewers read the bytes through the signed URL with the browser's own fetch.
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const body = previewBodies[String(input)];
    return Promise.resolve(
      body === undefined ? new Response('', { status: 404 }) : new Response(body),
    );
  });
  const router = createMemoryRouter(
    [{ path: '/space/:spaceId', element: <FileLibrary spaceId="s1" canUpload /> }],
    { initialEntries: ['/space/s1'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return server;
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('file library', () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => {
    resetApiClient();
    vi.unstubAllGlobals();
    toast.closeAll();
  });

  it('lists each file with its size, uploader, time and the pages using it', async () => {
    start([
      spaceFile({}),
      spaceFile({ fileId: 'f9', name: '草稿.txt', kind: 'text', pages: [], textStatus: 'pending' }),
    ]);
    await screen.findByText('年度报告.pdf');
    const row = rowOf('年度报告.pdf');
    expect(within(row).getByText('2.5 MB')).toBeTruthy();
    expect(within(row).getByText('林小书')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '入门指南' }).getAttribute('href')).toBe(
      '/space/s1/page/p1',
    );
    const draft = rowOf('草稿.txt');
    expect(within(draft).getByText('未被页面使用')).toBeTruthy();
    expect(within(draft).getByText('正在提取文字')).toBeTruthy();
    expect(screen.getByText('共 2 个文件')).toBeTruthy();
    expect(screen.getByRole('button', { name: /上传文件/ })).toBeTruthy();
  });

  it('says so when the space has no files yet', async () => {
    start([]);
    expect(await screen.findByText('还没有文件')).toBeTruthy();
  });

  it('renames a file', async () => {
    const user = userEvent.setup();
    const server = start([spaceFile({})]);
    await screen.findByText('年度报告.pdf');
    await user.click(within(rowOf('年度报告.pdf')).getByRole('button', { name: /更多操作/ }));
    await user.click(await screen.findByText('重命名'));
    const input = await screen.findByRole('textbox', { name: '文件名' });
    await user.clear(input);
    await user.type(input, '年度报告（终稿）.pdf');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('已重命名为“年度报告（终稿）.pdf”')).toBeTruthy();
    expect(server.find('PUT', '/api/v3/space/file/f1')[0]?.body).toEqual({
      name: '年度报告（终稿）.pdf',
    });
  });

  it('deletes to the recycle bin only after a confirmation', async () => {
    const user = userEvent.setup();
    const server = start([spaceFile({})]);
    await screen.findByText('年度报告.pdf');
    await user.click(within(rowOf('年度报告.pdf')).getByRole('button', { name: /更多操作/ }));
    await user.click(await screen.findByText('删除'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('删除“年度报告.pdf”？').length).toBeGreaterThan(0);
    expect(server.find('DELETE', '/api/v3/space/file/f1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('“年度报告.pdf”已移到回收站')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('年度报告.pdf')).toBeNull());
  });

  it('undoes a delete from its toast: restores the file through the recycle bin', async () => {
    const user = userEvent.setup();
    const server = start([spaceFile({})]);
    await screen.findByText('年度报告.pdf');
    await user.click(within(rowOf('年度报告.pdf')).getByRole('button', { name: /更多操作/ }));
    await user.click(await screen.findByText('删除'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await screen.findByText('“年度报告.pdf”已移到回收站');
    await waitFor(() => expect(screen.queryByText('年度报告.pdf')).toBeNull());
    expect(server.find('POST', '/api/v1/recycle/r1/restore')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '撤销' }));
    expect(await screen.findByText('“年度报告.pdf”已恢复')).toBeTruthy();
    expect(server.find('POST', '/api/v1/recycle/r1/restore')).toHaveLength(1);
    expect(await screen.findByText('年度报告.pdf')).toBeTruthy();
  });

  it('shows an SVG as source text, never as a picture', async () => {
    const user = userEvent.setup();
    start([
      spaceFile({
        fileId: 'f2',
        name: '图标.svg',
        kind: 'image',
        mimeType: 'image/svg+xml',
        pages: [],
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: '预览: 图标.svg' }));
    expect(await screen.findByText('出于安全考虑，网页和 SVG 文件只显示源代码。')).toBeTruthy();
    const body = document.querySelector('.file-preview-body');
    await waitFor(() => expect(body?.textContent).toContain('<script>alert(1)</script>'));
    expect(body?.querySelector('svg script, img[src="/preview/f2"]')).toBeNull();
  });

  it('renders Markdown without its raw HTML or unsafe links', async () => {
    const user = userEvent.setup();
    start([
      spaceFile({
        fileId: 'f3',
        name: '纪要.md',
        kind: 'markdown',
        mimeType: 'text/markdown',
        pages: [],
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: '预览: 纪要.md' }));
    expect(await screen.findByRole('heading', { name: '会议纪要' })).toBeTruthy();
    const body = document.querySelector('.file-preview-body');
    expect(body?.querySelector('img')).toBeNull();
    expect(
      within(body as HTMLElement)
        .getByText('危险')
        .getAttribute('href') ?? '',
    ).not.toContain('javascript');
  });

  it('offers the download card for a kind it cannot show', async () => {
    const user = userEvent.setup();
    start([
      spaceFile({
        fileId: 'f4',
        name: '归档.zip',
        kind: 'other',
        mimeType: 'application/zip',
        pages: [],
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: '预览: 归档.zip' }));
    expect(await screen.findByText('暂不支持预览这种文件')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getAllByRole('button', { name: /下\s*载/ }).length).toBeGreaterThan(0);
  });
});
