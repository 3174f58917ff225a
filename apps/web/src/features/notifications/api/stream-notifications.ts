// `GET /api/v1/notification/stream`: my new notifications as server-sent events, one
// `notification` event (the item as the inbox lists it) each; `: keep-alive` comments; an `error`
// event and the end when my login is revoked. EventSource cannot send the Authorization header,
// so this is fetch and a stream reader (lib/sse-reader.ts).
import type { Notification } from '@library/contract';
import {
  ApiError,
  RequestCancelledError,
  apiBase,
  clientFetch,
  interpretResponse,
  isSessionExpired,
  parseBody,
} from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';
import { SseReader, type SseEvent } from '../../../lib/sse-reader';
import { getToken } from '../../../stores/session-store';

/** How a stream that was read to its end ended. */
export type StreamEnd =
  /** the server closed it (a restart, a proxy's limit): connect again */
  | 'closed'
  /** the login is over: connecting again would be refused */
  | 'session-over';

/** The stream could not be opened or broke off; `sessionOver` when the login is no longer good. */
export class NotificationStreamError extends Error {
  readonly sessionOver: boolean;
  constructor(message: string, sessionOver = false) {
    super(message);
    this.name = 'NotificationStreamError';
    this.sessionOver = sessionOver;
  }
}

export interface NotificationStreamOptions {
  signal: AbortSignal;
  /** the server accepted the stream */
  onOpen: () => void;
  onNotification: (item: Notification) => void;
}

/** A notification's JSON, checked by hand (zod stays out of the shell's first load). */
export function parseNotification(data: string): Notification | null {
  const item = parseBody(data) as Partial<Notification> | null;
  if (
    typeof item !== 'object' ||
    item === null ||
    typeof item.notificationId !== 'string' ||
    typeof item.type !== 'string' ||
    typeof item.createdAt !== 'string' ||
    typeof item.read !== 'boolean'
  ) {
    return null;
  }
  return item as Notification;
}

/** Reads the stream until it ends; rejects when it cannot be opened or breaks off. */
export async function readNotificationStream(
  options: NotificationStreamOptions,
): Promise<StreamEnd> {
  const { signal, onOpen, onNotification } = options;
  const locale = currentLocale();
  const headers = new Headers({ Accept: 'text/event-stream', locale });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await clientFetch(`${apiBase}/v1/notification/stream`, {
      headers,
      credentials: 'include',
      signal,
    });
  } catch (caught) {
    if (signal.aborted) throw new RequestCancelledError();
    throw new NotificationStreamError(caught instanceof Error ? caught.message : String(caught));
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !response.body || !type.includes('text/event-stream')) {
    // an error envelope, or an answer that is no stream at all
    const body = parseBody(await response.text().catch(() => ''));
    try {
      interpretResponse(response.status, body, locale);
    } catch (error) {
      if (error instanceof ApiError) {
        throw new NotificationStreamError(error.message, isSessionExpired(error));
      }
    }
    throw new NotificationStreamError(`not a stream (${response.status})`);
  }

  onOpen();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const sse = new SseReader();
  let sessionOver = false;
  const take = (events: SseEvent[]) => {
    for (const event of events) {
      if (event.event === 'error') sessionOver = true;
      if (event.event !== 'notification') continue;
      const item = parseNotification(event.data);
      if (item) onNotification(item);
    }
  };
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (caught) {
        if (signal.aborted) throw new RequestCancelledError();
        throw new NotificationStreamError(
          caught instanceof Error ? caught.message : String(caught),
        );
      }
      if (chunk.done) break;
      take(sse.push(decoder.decode(chunk.value, { stream: true })));
      if (sessionOver) break;
    }
    if (!sessionOver) take([...sse.push(decoder.decode()), ...sse.end()]);
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  if (signal.aborted) throw new RequestCancelledError();
  return sessionOver ? 'session-over' : 'closed';
}
