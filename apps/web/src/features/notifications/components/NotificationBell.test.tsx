import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import type { Notification, NotificationList } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { sampleUser, type RecordedRequest } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useDeviceStore } from '../../../stores/device-store';
import { useSessionStore } from '../../../stores/session-store';
import { useNotificationStream } from '../hooks/use-notification-stream';
import { createFakeInbox, notification } from '../test/fake-inbox';
import { NotificationBell } from './NotificationBell';

/** The app shell's part: the stream and the bell, above whichever screen is open. */
function Shell() {
  useNotificationStream();
  return (
    <>
      <NotificationBell />
      <Outlet />
    </>
  );
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The server's inbox: `items` newest first; `unread` counted from them. */
function show(items: Notification[], unreadCount?: number) {
  let inbox = items;
  const list = (unreadOnly: boolean): NotificationList => {
    const listed = unreadOnly ? inbox.filter((item) => !item.read) : inbox;
    return {
      list: listed,
      total: listed.length,
      unread: unreadCount ?? inbox.filter((item) => !item.read).length,
    };
  };
  const markRead = (id: string) => () => {
    inbox = inbox.map((item) => (item.notificationId === id ? { ...item, read: true } : item));
    return { body: null };
  };
  const server = createFakeInbox({
    'GET /api/v1/user': sampleUser,
    'GET /api/v1/notification': (request: RecordedRequest) => {
      const answer = list(request.query.get('unreadOnly') === 'true');
      const size = Number(request.query.get('pageSize'));
      return { body: { ...answer, list: answer.list.slice(0, size) } };
    },
    'PUT /api/v1/notification/readAll': () => {
      inbox = inbox.map((item) => ({ ...item, read: true }));
      unreadCount = undefined;
      return { body: null };
    },
    ...Object.fromEntries(
      items.map((item) => [
        `PUT /api/v1/notification/${item.notificationId}/read`,
        markRead(item.notificationId),
      ]),
    ),
  });
  configureApiClient({ fetch: server.fetch });
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/', element: null },
          { path: '/space/:spaceId/page/:pageId', element: <Where /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return server;
}

const badge = () => document.querySelector('.notification-bell .count-badge');
const now = () => new Date().toISOString();

beforeEach(() => {
  queryClient.clear();
  useSessionStore.setState({ token: 'tok-1' });
  useDeviceStore.setState({ deviceMode: 'Desktop' });
});
afterEach(() => {
  resetApiClient();
  useSessionStore.setState({ token: null });
});

describe('the bell', () => {
  it('shows how many are unread, 99+ past 99', async () => {
    show([notification({ notificationId: '1' })], 120);
    await waitFor(() => expect(badge()?.textContent).toBe('99+'));
  });

  it('shows no badge while nothing is unread', async () => {
    const server = show([notification({ notificationId: '1', read: true })]);
    await waitFor(() => expect(server.find('GET', '/api/v1/notification')).toHaveLength(1));
    expect(badge()).toBeNull();
    expect(screen.getByRole('button', { name: '通知' })).toBeTruthy();
  });

  it('counts a streamed notification at once, without asking the server again', async () => {
    const server = show([]);
    await waitFor(() => expect(server.connections).toHaveLength(1));
    await waitFor(() => expect(server.find('GET', '/api/v1/notification')).toHaveLength(1));
    expect(badge()).toBeNull();
    act(() => {
      server.connections[0]!.comment('keep-alive');
      server.connections[0]!.send('notification', notification({ notificationId: '9' }));
    });
    await waitFor(() => expect(badge()?.textContent).toBe('1'));
    expect(screen.getByRole('button', { name: '通知, 1 条未读通知' })).toBeTruthy();
    expect(server.find('GET', '/api/v1/notification')).toHaveLength(1);
  });
});

describe('the inbox drawer', () => {
  it('lists today’s notifications in the reader’s words, folded by page, mentions as names', async () => {
    show([
      notification({
        notificationId: '3',
        type: 'mention',
        createdAt: now(),
        excerpt: `请看 <@${sampleUser.userId}> 和 <@20002>，还有 <@777>`,
      }),
      notification({ notificationId: '2', type: 'mention', createdAt: now() }),
      notification({ notificationId: '1', type: 'mention', createdAt: now(), read: true }),
      notification({
        notificationId: '0',
        type: 'publish',
        pageId: 'p2',
        title: '开馆时间',
        excerpt: 'v2',
        createdAt: now(),
        actor: { userId: '30003', nickname: '李四', avatar: null },
      }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: /通知/ }));
    const drawer = await screen.findByRole('dialog');
    const today = await within(drawer).findByRole('region', { name: '今天' });
    const rows = within(today).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.notification-sentence')?.textContent)).toEqual([
      '张三 在「借阅规则」中提到了你 等 3 条',
      '李四 发布了「开馆时间」的新版本',
    ]);
    // the reader's own name comes with the current user
    await waitFor(() =>
      expect(rows[0]?.querySelector('.notification-excerpt')?.textContent).toBe(
        '请看 @林小书 和 @张三，还有 @某人',
      ),
    );
    expect(within(rows[0]!).getByRole('img', { name: '未读' })).toBeTruthy();
    expect(within(rows[0]!).getByText('刚刚')).toBeTruthy();
  });

  it('says so when there is nothing, and when nothing is unread', async () => {
    show([notification({ notificationId: '1', read: true, createdAt: now() })]);
    fireEvent.click(await screen.findByRole('button', { name: '通知' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByRole('region', { name: '今天' });
    fireEvent.click(within(drawer).getByText('未读'));
    expect(await within(drawer).findByText('没有未读通知')).toBeTruthy();
  });

  it('opening a row marks all of it read and goes to the page, at the block and comment', async () => {
    const server = show([
      notification({ notificationId: '2', createdAt: now(), blockId: 'b1', commentId: 'c2' }),
      notification({ notificationId: '1', createdAt: now(), blockId: 'b1', commentId: 'c1' }),
      notification({ notificationId: '0', createdAt: now(), pageId: 'p9' }),
    ]);
    await waitFor(() => expect(badge()?.textContent).toBe('3'));
    fireEvent.click(screen.getByRole('button', { name: /通知/ }));
    const drawer = await screen.findByRole('dialog');
    const today = await within(drawer).findByRole('region', { name: '今天' });
    const rows = within(today).getAllByRole('listitem');
    fireEvent.click(within(rows[0]!).getByRole('link'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/space/s1/page/p1?block=b1&comment=c2',
    );
    await waitFor(() => expect(badge()?.textContent).toBe('1'));
    expect(server.find('PUT', '/api/v1/notification/2/read')).toHaveLength(1);
    expect(server.find('PUT', '/api/v1/notification/1/read')).toHaveLength(1);
    expect(server.find('PUT', '/api/v1/notification/0/read')).toHaveLength(0);
  });

  it('marks everything read at once', async () => {
    const server = show([
      notification({ notificationId: '1', createdAt: now() }),
      notification({ notificationId: '0', createdAt: now(), pageId: 'p9' }),
    ]);
    await waitFor(() => expect(badge()?.textContent).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: /通知/ }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByRole('region', { name: '今天' });
    fireEvent.click(within(drawer).getByRole('button', { name: /全部标为已读/ }));
    await waitFor(() => expect(badge()).toBeNull());
    expect(server.find('PUT', '/api/v1/notification/readAll')).toHaveLength(1);
    await waitFor(() => expect(within(drawer).queryByRole('img', { name: '未读' })).toBeNull());
  });
});
