import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { ErrorCode, type Notification } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { createFakeInbox, notification } from '../test/fake-inbox';
import { keepNotificationStream } from './use-notification-stream';

function run(server: ReturnType<typeof createFakeInbox>) {
  configureApiClient({ fetch: server.fetch });
  const controller = new AbortController();
  const received: Notification[] = [];
  const waits: number[] = [];
  const onReconnect = vi.fn();
  const onSessionOver = vi.fn();
  const done = keepNotificationStream({
    signal: controller.signal,
    onNotification: (item) => received.push(item),
    onReconnect,
    onSessionOver,
    wait: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  });
  return { controller, received, waits, onReconnect, onSessionOver, done };
}

beforeEach(() => useSessionStore.setState({ token: 'tok-1' }));
afterEach(() => {
  resetApiClient();
  useSessionStore.setState({ token: null });
});

describe('the live stream of the inbox', () => {
  it('sends the token, hands on each notification and skips what is no notification', async () => {
    const server = createFakeInbox({});
    const loop = run(server);
    await waitFor(() => expect(server.connections).toHaveLength(1));
    expect(server.connections[0]!.headers.get('Authorization')).toBe('Bearer tok-1');
    server.connections[0]!.send('notification', notification({ notificationId: '7' }));
    server.connections[0]!.send('notification', { hello: 'world' });
    server.connections[0]!.send('other', notification({ notificationId: '8' }));
    await waitFor(() => expect(loop.received.map((item) => item.notificationId)).toEqual(['7']));
    loop.controller.abort();
    await loop.done;
    expect(loop.onReconnect).not.toHaveBeenCalled();
  });

  it('connects again after a drop, waiting longer each time, and says so once it is back', async () => {
    const server = createFakeInbox({});
    // two refusals by a server in trouble, then a stream
    server.refusals.push({ status: 502, body: null }, { status: 503, body: null });
    const loop = run(server);
    await waitFor(() => expect(server.connections).toHaveLength(1));
    expect(loop.onReconnect).not.toHaveBeenCalled();
    server.connections[0]!.close();
    await waitFor(() => expect(server.connections).toHaveLength(2));
    await waitFor(() => expect(loop.onReconnect).toHaveBeenCalledTimes(1));
    // 1 s, then 2 s, each between 80 % and all of it; the wait after a stream starts again
    expect(loop.waits).toHaveLength(3);
    expect(loop.waits[1]!).toBeGreaterThan(loop.waits[0]!);
    loop.controller.abort();
    await loop.done;
    expect(loop.onSessionOver).not.toHaveBeenCalled();
  });

  it('stops when the server ends the stream because the login was revoked', async () => {
    const server = createFakeInbox({});
    const loop = run(server);
    await waitFor(() => expect(server.connections).toHaveLength(1));
    server.connections[0]!.send('error', { code: ErrorCode.tokenExpired, data: null, msg: '' });
    await loop.done;
    expect(loop.onSessionOver).toHaveBeenCalledTimes(1);
    expect(server.connections).toHaveLength(1);
  });

  it('stops when the login is refused, rather than asking again and again', async () => {
    const server = createFakeInbox({});
    server.refusals.push({
      status: 401,
      body: { code: ErrorCode.tokenExpired, data: null, msg: '登录已过期' },
    });
    const loop = run(server);
    await loop.done;
    expect(loop.onSessionOver).toHaveBeenCalledTimes(1);
    expect(server.connections).toHaveLength(0);
    expect(loop.waits).toEqual([]);
  });
});
