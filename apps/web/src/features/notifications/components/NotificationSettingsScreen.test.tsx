import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { NotificationSettings } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { NotificationSettingsScreen } from './NotificationSettingsScreen';

const allOn = {
  mention: true,
  reply: true,
  comment: true,
  publish: true,
  invite: true,
  share: true,
  order: true,
  account: true,
};

function show(settings: NotificationSettings) {
  const server = createFakeServer({
    'GET /api/v1/notification/settings': settings,
    'PUT /api/v1/notification/settings': (request: { body: unknown }) => ({
      body: { ...settings, ...(request.body as object) },
    }),
  });
  configureApiClient({ fetch: server.fetch });
  renderWithProviders(
    <MemoryRouter>
      <NotificationSettingsScreen />
    </MemoryRouter>,
  );
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

describe('the notification settings', () => {
  it('turns one kind off, saving it at once', async () => {
    const server = show({ email: 'off', emailAvailable: true, types: allOn });
    const publish = (await screen.findByText('新版本发布')).closest('label') as HTMLElement;
    await userEvent.click(publish.querySelector('button[role="switch"]') as HTMLElement);
    await waitFor(() =>
      expect(server.find('PUT', '/api/v1/notification/settings')[0]?.body).toEqual({
        types: { publish: false },
      }),
    );
  });

  it('chooses the daily digest, or says why mail cannot be chosen', async () => {
    const server = show({ email: 'off', emailAvailable: true, types: allOn });
    await userEvent.click(await screen.findByLabelText('每天 09:00 发送一封未读汇总'));
    await waitFor(() =>
      expect(server.find('PUT', '/api/v1/notification/settings')[0]?.body).toEqual({
        email: 'daily',
      }),
    );
  });

  it('keeps mail off and explains it when the site sends none', async () => {
    show({ email: 'off', emailAvailable: false, types: allOn });
    expect(await screen.findByText('本站尚未配置邮件服务，暂时无法发送邮件提醒。')).toBeTruthy();
    expect(screen.getByLabelText('有通知时立即发送')).toHaveProperty('disabled', true);
  });
});
