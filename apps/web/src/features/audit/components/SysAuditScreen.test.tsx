import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@library/contract';
import { configureApi } from '../../../app/configure-api';
import { toast } from '../../../components/toast';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useDeviceStore } from '../../../stores/device-store';
import { useSessionStore } from '../../../stores/session-store';
import { createFakeServer, type RecordedRequest } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { SysAuditScreen } from './SysAuditScreen';

const entry = (fields: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  at: '2026-11-26T08:05:09.000Z',
  actorId: '7',
  actorName: '管理员甲',
  action: 'share.update',
  targetType: 'share',
  targetId: '55',
  spaceId: '9',
  before: { allowDownload: true },
  after: { allowDownload: false },
  address: '203.0.113.7',
  device: '办公室电脑',
  ...fields,
});

const rows = [
  entry({ id: '2' }),
  entry({
    id: '1',
    actorId: null,
    actorName: null,
    action: 'user.login.failed',
    targetType: 'user',
    targetId: '8',
    before: null,
    after: { code: 100003 },
    device: null,
  }),
];

function start() {
  const server = createFakeServer({
    'GET /api/system/v1/audit': (request: RecordedRequest) => ({
      body: {
        list: rows.filter((row) => row.action.startsWith(request.query.get('action') ?? '')),
        total: 42,
        page: Number(request.query.get('page')),
        pageSize: Number(request.query.get('pageSize')),
      },
    }),
  });
  configureApi();
  configureApiClient({ fetch: server.fetch });
  renderWithProviders(<SysAuditScreen />);
  return server;
}

describe('/sys/audit', () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok-admin' });
    useDeviceStore.setState({ deviceMode: 'Desktop' });
  });
  afterEach(() => {
    resetApiClient();
    toast.closeAll();
    vi.unstubAllGlobals();
    useSessionStore.setState({ token: null });
  });

  it('lists who did what to what from where, and opens a row’s before and after', async () => {
    start();
    const row = (await screen.findByText('share.update')).closest('tr') as HTMLElement;
    expect(within(row).getByText('管理员甲 (7)')).toBeTruthy();
    expect(within(row).getByText('share 55')).toBeTruthy();
    expect(within(row).getByText('203.0.113.7')).toBeTruthy();
    expect(within(row).getByText('办公室电脑')).toBeTruthy();
    const failed = screen.getByText('user.login.failed').closest('tr') as HTMLElement;
    expect(within(failed).getByText('（未登录）')).toBeTruthy();
    expect(screen.getByText('共 42 条')).toBeTruthy();

    await userEvent.setup().click(within(row).getByRole('button', { name: /展开|expand/i }));
    const before = await screen.findByRole('region', { name: '变更前' });
    expect(before.textContent).toContain('"allowDownload": true');
    expect(screen.getByRole('region', { name: '变更后' }).textContent).toContain(
      '"allowDownload": false',
    );
  });

  it('filters by actor, action prefix and target type, and exports the same as CSV', async () => {
    const server = start();
    const download = vi.fn(
      async () =>
        new Response('\uFEFFid\r\n', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="audit-20261126.csv"' },
        }),
    );
    vi.stubGlobal('fetch', download);
    const user = userEvent.setup();
    await screen.findByText('share.update');
    await user.type(screen.getByRole('textbox', { name: '操作人 ID' }), '7x');
    await user.type(screen.getByRole('textbox', { name: '操作（前缀，如 space.）' }), 'share.');
    await user.type(screen.getByRole('textbox', { name: '对象类型（如 share）' }), 'share');
    await waitFor(() => {
      const query = server.find('GET', '/api/system/v1/audit').at(-1)?.query;
      expect(query?.get('actorId')).toBe('7');
      expect(query?.get('action')).toBe('share.');
      expect(query?.get('targetType')).toBe('share');
      expect(query?.get('page')).toBe('0');
    });
    await waitFor(() => expect(screen.queryByText('user.login.failed')).toBeNull());
    await user.click(screen.getByRole('button', { name: /导出 CSV/ }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    const [url, init] = download.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/system/v1/audit/export?actorId=7&action=share.&targetType=share');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok-admin');
  });
});
