import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SpaceDetail } from '@library/contract';
import { toast } from '../../../components/toast';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer, type RecordedRequest } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { spaceKeys } from '../api/space-keys';
import { SpaceSettingsDialog } from './SpaceSettingsDialog';

const spaceId = '7a1f3c1e-0000-4000-8000-000000000201';
const iconPath = `/v2/space/${spaceId}/icon?v=${'0123456789abcdef'.repeat(2)}.png`;

const space: SpaceDetail = {
  spaceId,
  name: '产品手册',
  icon: '📚',
  description: '',
  openToVisitors: false,
  ownerId: '10001',
  role: 'admin',
  abilities: { canRead: true, canEdit: true, canManage: true, canDelete: false, canShare: true },
  createdAt: '2025-03-01T08:00:00.000Z',
  updatedAt: '2025-03-01T08:00:00.000Z',
};

function start() {
  const server = createFakeServer({
    [`POST /api/v2/space/${spaceId}/icon`]: () => ({ body: { ...space, icon: iconPath } }),
    [`PUT /api/v2/space/${spaceId}`]: (request: RecordedRequest) => ({
      body: { ...space, ...(request.body as object) },
    }),
  });
  configureApiClient({ fetch: server.fetch });
  const router = createMemoryRouter(
    [{ path: '/', element: <SpaceSettingsDialog open space={space} onClose={() => undefined} /> }],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return server;
}

describe('space settings: icon image', () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => {
    resetApiClient();
    toast.closeAll();
  });

  it('uploads an image as the icon, shows it, and keeps it when saving', async () => {
    const user = userEvent.setup();
    const server = start();
    await user.click(await screen.findByRole('button', { name: /上传图片/ }));
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', {
      type: 'image/png',
    });
    await user.upload(screen.getByTestId('space-icon-file'), png);
    expect(await screen.findByText('图标已更新')).toBeTruthy();
    const upload = server.find('POST', `/api/v2/space/${spaceId}/icon`)[0];
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(((upload?.body as FormData).get('file') as File).name).toBe('logo.png');

    const current = screen.getByRole('option', { name: '图片图标' });
    expect(within(current).getByRole('presentation', { hidden: true }).getAttribute('src')).toBe(
      `/api${iconPath}`,
    );
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(server.find('PUT', `/api/v2/space/${spaceId}`)[0]?.body).toMatchObject({
        icon: iconPath,
      }),
    );
  });

  it('refuses an image over 2 MB before sending it', async () => {
    const user = userEvent.setup();
    const server = start();
    await screen.findByRole('button', { name: /上传图片/ });
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('space-icon-file'), big);
    expect(await screen.findByText('图片不能超过 2 MB')).toBeTruthy();
    expect(server.find('POST', `/api/v2/space/${spaceId}/icon`)).toHaveLength(0);
  });
});

describe('space settings: saving the general fields', () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => {
    resetApiClient();
    toast.closeAll();
  });

  /** A server holding the space as `stored`, applying each PUT's fields to it. */
  function startWithServer(
    stored: SpaceDetail,
    answer?: (saved: SpaceDetail) => SpaceDetail,
    gate: Promise<void> = Promise.resolve(),
  ) {
    let current = stored;
    const server = createFakeServer({
      [`PUT /api/v2/space/${spaceId}`]: (request: RecordedRequest) => {
        current = { ...current, ...(request.body as object) };
        return { body: answer ? answer(current) : current };
      },
      [`GET /api/v2/space/${spaceId}`]: () => ({ body: current }),
    });
    // answers wait for the gate, so a test can act while a save is in flight
    configureApiClient({
      fetch: async (...args) => {
        await gate;
        return server.fetch(...args);
      },
    });
    let closed = 0;
    const router = createMemoryRouter(
      [
        {
          path: '/',
          // the dialog opens on the view's cached copy: still closed to visitors
          element: <SpaceSettingsDialog open space={space} onClose={() => (closed += 1)} />,
        },
      ],
      { initialEntries: ['/'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    return { server, stored: () => current, closed: () => closed };
  }

  it('sends only what was changed, so an older copy does not close a space opened meanwhile', async () => {
    const user = userEvent.setup();
    // someone opened the space to visitors after this view loaded it
    const run = startWithServer({ ...space, openToVisitors: true });
    const description = await screen.findByLabelText('简介');
    await user.type(description, '给访客看的手册');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(run.closed()).toBe(1));
    expect(run.server.find('PUT', `/api/v2/space/${spaceId}`)[0]?.body).toEqual({
      description: '给访客看的手册',
    });
    expect(run.stored().openToVisitors).toBe(true);
    // the answer replaces the cached copy, so the view shows what was stored
    expect(queryClient.getQueryData(spaceKeys.detail(spaceId))).toMatchObject({
      description: '给访客看的手册',
      openToVisitors: true,
    });
  });

  it('opens the space to visitors with one request, even when Enter is pressed during the save', async () => {
    const user = userEvent.setup();
    let answerNow = () => undefined as void;
    const gate = new Promise<void>((resolve) => (answerNow = resolve));
    const run = startWithServer(space, undefined, gate);
    await user.click(await screen.findByRole('switch', { name: '允许访客访问' }));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await user.type(screen.getByLabelText('名称'), '{Enter}');
    answerNow();
    expect(await screen.findByText('已保存')).toBeTruthy();
    expect(run.server.find('PUT', `/api/v2/space/${spaceId}`)).toHaveLength(1);
    expect(run.server.find('PUT', `/api/v2/space/${spaceId}`)[0]?.body).toEqual({
      openToVisitors: true,
    });
    expect(run.stored().openToVisitors).toBe(true);
  });

  it('does not say saved when the answer still shows the space closed', async () => {
    const user = userEvent.setup();
    const run = startWithServer(space, (saved) => ({ ...saved, openToVisitors: false }));
    await user.click(await screen.findByRole('switch', { name: '允许访客访问' }));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(/保存后的空间与所填不一致/)).toBeTruthy();
    expect(screen.queryByText('已保存')).toBeNull();
    expect(run.closed()).toBe(0);
    expect(queryClient.getQueryData(spaceKeys.detail(spaceId))).toMatchObject({
      openToVisitors: false,
    });
  });
});

describe('space settings: the audit tab', () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => {
    resetApiClient();
    toast.closeAll();
  });

  const row = (id: string, action: string) => ({
    id,
    at: '2026-11-26T08:05:09.000Z',
    actorId: '10001',
    actorName: '空间管理员',
    action,
    targetType: 'memberGroup',
    targetId: '31',
    spaceId,
    before: { role: 'reader' },
    after: { role: 'editor' },
    address: '203.0.113.9',
    device: null,
  });

  it('lists the space’s rows a page at a time for its admins', async () => {
    const server = createFakeServer({
      [`GET /api/v2/space/${spaceId}/audit`]: (request: RecordedRequest) => ({
        body: {
          list:
            request.query.get('page') === '0'
              ? [row('12', 'space.memberGroup.role')]
              : [row('2', 'share.create')],
          total: 11,
          page: Number(request.query.get('page')),
          pageSize: Number(request.query.get('pageSize')),
        },
      }),
    });
    configureApiClient({ fetch: server.fetch });
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <SpaceSettingsDialog open space={space} onClose={() => undefined} />,
        },
      ],
      { initialEntries: ['/'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: '操作记录' }));
    const first = (await screen.findByText('space.memberGroup.role')).closest('tr') as HTMLElement;
    expect(within(first).getByText('空间管理员 (10001)')).toBeTruthy();
    expect(within(first).getByText('memberGroup 31')).toBeTruthy();
    expect(server.find('GET', `/api/v2/space/${spaceId}/audit`)[0]?.query.get('pageSize')).toBe(
      '10',
    );
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('share.create')).toBeTruthy();
    expect(server.find('GET', `/api/v2/space/${spaceId}/audit`).at(-1)?.query.get('page')).toBe(
      '1',
    );
  });

  it('has no audit tab for someone who may not manage the space', async () => {
    configureApiClient({ fetch: createFakeServer({}).fetch });
    const reader = {
      ...space,
      role: 'reader' as const,
      abilities: { ...space.abilities, canEdit: false, canManage: false, canShare: false },
    };
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <SpaceSettingsDialog open space={reader} onClose={() => undefined} />,
        },
      ],
      { initialEntries: ['/'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    await screen.findByRole('tab', { name: '基本信息' });
    expect(screen.queryByRole('tab', { name: '操作记录' })).toBeNull();
  });
});
