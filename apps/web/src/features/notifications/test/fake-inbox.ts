// The inbox's calls at the fetch boundary: the ordinary ones through the repo's fake server, the
// live stream as event-stream bodies the test writes to (each connection its own), which end with
// an error when the app aborts them, as a real connection does.
import type { Notification } from '@library/contract';
import { createFakeServer } from '../../../test/fake-server';

const encoder = new TextEncoder();

export function notification(
  fields: Partial<Notification> & { notificationId: string },
): Notification {
  return {
    type: 'comment',
    event: null,
    read: false,
    createdAt: '2026-11-20T08:00:00.000Z',
    actor: { userId: '20002', nickname: '张三', avatar: null },
    spaceId: 's1',
    pageId: 'p1',
    commentId: 'c1',
    blockId: null,
    link: null,
    title: '借阅规则',
    excerpt: '写得很好',
    ...fields,
  };
}

/** One connection of the stream: `send` an event, `close` it as the server would. */
export interface StreamConnection {
  send: (event: string, data: unknown) => void;
  comment: (text: string) => void;
  close: () => void;
  /** what the app sent to open it */
  headers: Headers;
}

export function createFakeInbox(routes: Parameters<typeof createFakeServer>[0]) {
  const server = createFakeServer(routes);
  const connections: StreamConnection[] = [];
  /** answers for the next connections instead of a stream (e.g. a refused login) */
  const refusals: { status: number; body: unknown }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/v1/notification/stream') return server.fetch(input, init);
    const refusal = refusals.shift();
    if (refusal) {
      return new Response(JSON.stringify(refusal.body), {
        status: refusal.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const write = (text: string) => controller.enqueue(encoder.encode(text));
    init?.signal?.addEventListener('abort', () =>
      controller.error(new DOMException('aborted', 'AbortError')),
    );
    connections.push({
      send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
      comment: (text) => write(`: ${text}\n\n`),
      close: () => controller.close(),
      headers: new Headers(init?.headers),
    });
    write(': connected\n\n');
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
  };
  return { ...server, fetch, connections, refusals };
}
