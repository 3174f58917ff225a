// The share viewer: a protected link asks for its password (wrong ones say so), sends the grant
// with every read and file URL once unlocked, and shows 'not found' for an ended share.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer, type RecordedRequest } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { ShareScreen } from './ShareScreen';

const token = 'T'.repeat(43);
const base = `/api/v1/share/s/${token}`;
const pageId = '11111111-1111-4111-8111-111111111111';
const imageId = '22222222-2222-4222-8222-222222222222';
const grant = '1999999999.grant';

const meta = (unlocked: boolean) => ({
  targetType: 'page',
  title: '借阅须知',
  protected: true,
  unlocked,
  expiresAt: null,
  showComments: false,
  allowDownload: true,
  allowAi: false,
  pageId,
});

/** The unlock button (by its text: role queries over antd's DOM are slow on a loaded machine). */
const unlockButton = () => screen.getByText('查看内容').closest('button')!;

const granted = (request: RecordedRequest) => request.headers.get('x-share-grant') === grant;

function open(routes: Record<string, unknown>) {
  const server = createFakeServer(routes);
  configureApiClient({ fetch: server.fetch });
  const router = createMemoryRouter([{ path: '/s/:token', element: <ShareScreen /> }], {
    initialEntries: [`/s/${token}`],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return server;
}

beforeEach(() => {
  queryClient.clear();
  sessionStorage.clear();
});
afterEach(() => {
  resetApiClient();
  vi.unstubAllGlobals();
});

describe('the share viewer /s/:token', () => {
  it('asks for the password, then shows the page with its image and download through the grant', async () => {
    const server = open({
      [`GET ${base}`]: (request: RecordedRequest) => ({ body: meta(granted(request)) }),
      [`POST ${base}/unlock`]: (request: RecordedRequest) =>
        (request.body as { password: string }).password === 'read2026'
          ? { body: { grant, expiresAt: '2030-01-01T00:00:00.000Z' } }
          : { status: 403, body: { code: 710002, data: null, msg: '分享密码错误' } },
      [`GET ${base}/page/${pageId}`]: (request: RecordedRequest) =>
        granted(request)
          ? { body: { pageId, title: '借阅须知' } }
          : { status: 401, body: { code: 710001, data: null, msg: '该分享需要密码' } },
      [`GET ${base}/page/${pageId}/blocks`]: (request: RecordedRequest) =>
        granted(request)
          ? {
              body: {
                version: 1,
                revision: null,
                blocks: [
                  {
                    id: 'p',
                    type: 'paragraph',
                    props: {},
                    content: [{ type: 'text', text: '每位读者最多借五本', styles: {} }],
                    children: [],
                  },
                  {
                    id: 'i',
                    type: 'image',
                    props: { url: `/v3/space/file/${imageId}`, name: '流程.png' },
                    children: [],
                  },
                ],
              },
            }
          : undefined,
    });
    expect(await screen.findByText('此分享需要密码')).toBeTruthy();
    expect(screen.queryByText('每位读者最多借五本')).toBeNull();

    const input = screen.getByLabelText('访问密码');
    fireEvent.change(input, { target: { value: 'wrong' } });
    fireEvent.click(unlockButton());
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '密码错误，请重试');

    fireEvent.change(input, { target: { value: 'read2026' } });
    await waitFor(() => expect(unlockButton().disabled).toBe(false));
    fireEvent.click(unlockButton());
    expect(await screen.findByText('每位读者最多借五本')).toBeTruthy();
    const image = document.querySelector('img.bn-visual-media');
    expect(image?.getAttribute('src')).toBe(
      `${base}/file/${imageId}?grant=${encodeURIComponent(grant)}`,
    );
    const download = screen.getByText('下载').closest('a')!;
    expect(download.getAttribute('href')).toBe(
      `${base}/file/${imageId}/download?grant=${encodeURIComponent(grant)}`,
    );
    // every read after the unlock carried the grant
    const reads = server.requests.filter((r) => r.path.startsWith(`${base}/page/`));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every(granted)).toBe(true);
    expect(sessionStorage.getItem(`share-grant:${token}`)).toBe(grant);
  });

  it("shows 'not found' for a revoked, expired or unpublished share", async () => {
    open({});
    expect(await screen.findByText('分享不存在或已失效')).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0));
  });

  it('asks the AI when the share allows it, streams the answer and opens a cited page', async () => {
    const otherId = '33333333-3333-4333-8333-333333333333';
    const page = (id: string, title: string, text: string) => ({
      [`GET ${base}/page/${id}`]: { pageId: id, title },
      [`GET ${base}/page/${id}/blocks`]: {
        version: 1,
        revision: null,
        blocks: [
          {
            id: 'p',
            type: 'paragraph',
            props: {},
            content: [{ type: 'text', text, styles: {} }],
            children: [],
          },
        ],
      },
    });
    const server = createFakeServer({
      [`GET ${base}`]: {
        ...meta(true),
        protected: false,
        targetType: 'space',
        pageId: null,
        allowAi: true,
      },
      [`GET ${base}/tree`]: [
        { type: 'page', pageId, name: '借阅须知', children: [] },
        { type: 'page', pageId: otherId, name: '开放时间', children: [] },
      ],
      ...page(pageId, '借阅须知', '每位读者最多借五本'),
      ...page(otherId, '开放时间', '周二到周日开放'),
    });
    configureApiClient({ fetch: server.fetch });
    const doc = {
      index: 1,
      title: '开放时间',
      snippet: '周二到周日开放',
      sourceType: 'page',
      spaceId: 's',
      pageId: otherId,
      blockId: 'p',
      fileId: null,
      score: 1,
    };
    const sse = [
      { code: 0, data: { referDocList: [doc] }, msg: '' },
      { code: 0, data: { delta: '周二到周日开放' }, msg: '' },
      {
        code: 0,
        data: { answer: '周二到周日开放 [1]', id: '', prompt: '', referDocList: [doc] },
        msg: 'ok',
      },
    ]
      .map((event) => `data: ${JSON.stringify(event)}\n\n`)
      .join('');
    const asked: unknown[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith(`${base}/ask`)) {
        asked.push(JSON.parse(String(init?.body)));
        return new Response(sse, { headers: { 'content-type': 'text/event-stream' } });
      }
      return server.fetch(input, init);
    });
    const router = createMemoryRouter([{ path: '/s/:token', element: <ShareScreen /> }], {
      initialEntries: [`/s/${token}`],
    });
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByText('每位读者最多借五本')).toBeTruthy();

    fireEvent.click(screen.getByText('问 AI').closest('button')!);
    const box = await screen.findByLabelText('就分享的内容提问…');
    fireEvent.change(box, { target: { value: '什么时候开放？' } });
    fireEvent.click(screen.getByText('提问').closest('button')!);
    expect(await screen.findByText('1. 开放时间')).toBeTruthy();
    expect(asked).toEqual([{ question: '什么时候开放？' }]);
    fireEvent.click(screen.getByText('1. 开放时间').closest('button')!);
    expect(await screen.findByText('周二到周日开放', { selector: '.share-page *' })).toBeTruthy();
    expect(router.state.location.search).toBe(`?page=${otherId}`);
  });
});
