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
  abilities: { canRead: true, canEdit: true, canManage: true, canDelete: false },
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
