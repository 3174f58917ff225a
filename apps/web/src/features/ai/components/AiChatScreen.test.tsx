import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useLoginRedirectStore } from '../../auth';
import { useSessionStore } from '../../../stores/session-store';
import { useDialogStore } from '../../../stores/dialog-store';
import { AiChatScreen } from './AiChatScreen';

beforeEach(() => {
  queryClient.clear();
  useSessionStore.setState({ token: null });
  useDialogStore.setState({ type: null });
  useLoginRedirectStore.getState().forget();
});
afterEach(() => resetApiClient());

describe('the AI chat of an open space for an anonymous visitor', () => {
  it('asks to log in, asks the server nothing, and continues in the member view', async () => {
    const server = createFakeServer({});
    configureApiClient({ fetch: server.fetch });
    const router = createMemoryRouter(
      [{ path: '/open-space/:spaceId/ai', element: <AiChatScreen /> }],
      { initialEntries: ['/open-space/s1/ai'] },
    );
    renderWithProviders(<RouterProvider router={router} />);

    expect(await screen.findByText('登录后即可向这个空间的 AI 提问')).toBeTruthy();
    expect(server.requests).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: '登录后提问' }));
    expect(useDialogStore.getState().type).toBe('login');
    expect(useLoginRedirectStore.getState().target).toBe('/space/s1/ai');
  });
});
