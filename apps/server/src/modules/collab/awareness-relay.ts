// Carets and who is on a page, shared between instances through PostgreSQL when there is no
// Redis: the awareness changes of this instance's editors go out on `library_page_awareness`
// (payload `{instance}:{pageId}:u:{base64 update}`), gathered for a moment per page; every other
// instance holding that page applies them to its document's awareness, which hands them to its
// own editors. An instance that opens a page asks (`{instance}:{pageId}:q:`) and the others
// answer with their editors' states, so a newcomer sees who is already there.
import crypto from 'node:crypto';
import type { Document } from '@hocuspocus/server';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { applyAwarenessUpdate, encodeAwarenessUpdate, type Awareness } from 'y-protocols/awareness';
import type { DatabaseHandle } from '../../db/database.js';

export const pageAwarenessChannel = 'library_page_awareness';

/** PostgreSQL refuses a notification payload of 8000 bytes or more */
export const maxPayloadBytes = 7999;
/** changes of one page gathered this long before they go out (a caret moves with each key) */
const gatherMs = 20;

/** The origin of states applied from other instances: handed to our editors, never sent back. */
const fromPeers = Symbol('awareness from another instance');

interface WatchedPage {
  document: Document;
  /** editors of other instances, whose states are theirs to send */
  remote: Set<number>;
  changed: Set<number>;
  timer: NodeJS.Timeout | undefined;
  stop: () => void;
}

interface AwarenessChanges {
  added: number[];
  updated: number[];
  removed: number[];
}

export interface AwarenessRelay {
  /** Relays the awareness of this open page document until it is unloaded. */
  watch(pageId: string, document: Document): void;
  unwatch(pageId: string): void;
  close(): Promise<void>;
}

/**
 * The payloads carrying these clients' states, each under the limit: split in halves while too
 * large; a single state too large on its own is left out (and named in `dropped`).
 */
export function awarenessPayloads(
  prefix: string,
  awareness: Awareness,
  clients: number[],
  dropped: (client: number, bytes: number) => void,
): string[] {
  if (clients.length === 0) return [];
  const payload =
    prefix + Buffer.from(encodeAwarenessUpdate(awareness, clients)).toString('base64');
  if (Buffer.byteLength(payload) <= maxPayloadBytes) return [payload];
  if (clients.length === 1) {
    dropped(clients[0]!, Buffer.byteLength(payload));
    return [];
  }
  const half = Math.ceil(clients.length / 2);
  return [
    ...awarenessPayloads(prefix, awareness, clients.slice(0, half), dropped),
    ...awarenessPayloads(prefix, awareness, clients.slice(half), dropped),
  ];
}

export async function createAwarenessRelay(deps: {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
}): Promise<AwarenessRelay> {
  const { database, log } = deps;
  const me = crypto.randomUUID().slice(0, 8);
  const pages = new Map<string, WatchedPage>();

  const notify = (payloads: string[]) =>
    Promise.all(
      payloads.map((payload) =>
        database.db.execute(sql`select pg_notify(${pageAwarenessChannel}, ${payload})`),
      ),
    ).catch((error: unknown) => {
      // carets are fleeting: the next change or the clients' renewal (every 15 s) sends them again
      log.warn({ err: error }, 'page awareness: not relayed');
    });

  const send = (pageId: string, page: WatchedPage, clients: number[]) =>
    notify(
      awarenessPayloads(`${me}:${pageId}:u:`, page.document.awareness, clients, (client, bytes) =>
        log.warn({ pageId, client, bytes }, 'page awareness: a state too large to relay, dropped'),
      ),
    );

  const sendChanged = (pageId: string, page: WatchedPage) => {
    page.timer = undefined;
    const clients = [...page.changed];
    page.changed.clear();
    void send(pageId, page, clients);
  };

  const ask = (pageId: string) => void notify([`${me}:${pageId}:q:`]);

  const hear = (payload: string) => {
    const [sender, pageId = '', kind, data = ''] = payload.split(':');
    if (sender === me) return;
    const page = pages.get(pageId);
    if (!page) return;
    if (kind === 'q') {
      const awareness = page.document.awareness;
      const local = [...awareness.getStates().keys()].filter((client) => !page.remote.has(client));
      void send(pageId, page, local);
    } else if (kind === 'u') {
      try {
        applyAwarenessUpdate(page.document.awareness, Buffer.from(data, 'base64'), fromPeers);
      } catch (error) {
        log.warn({ err: error, pageId }, 'page awareness: an update that does not decode');
      }
    }
  };

  const subscription = await database.listen(pageAwarenessChannel, {
    onMessage: hear,
    // states may have been missed while not listening: ask again for every open page
    onUp: () => {
      for (const pageId of pages.keys()) ask(pageId);
    },
    onDown() {},
  });

  const unwatch = (pageId: string) => {
    const page = pages.get(pageId);
    if (!page) return;
    pages.delete(pageId);
    // the last editor's leaving is among what is still gathered: it goes out now
    if (page.timer) {
      clearTimeout(page.timer);
      sendChanged(pageId, page);
    }
    page.stop();
  };

  return {
    watch(pageId, document) {
      unwatch(pageId);
      const page: WatchedPage = {
        document,
        remote: new Set(),
        changed: new Set(),
        timer: undefined,
        stop: () => undefined,
      };
      const onUpdate = ({ added, updated, removed }: AwarenessChanges, origin: unknown) => {
        if (origin === fromPeers) {
          for (const client of [...added, ...updated]) page.remote.add(client);
          for (const client of removed) page.remote.delete(client);
          return;
        }
        // every instance lets a silent editor's state expire by itself
        if (origin === 'timeout') {
          for (const client of removed) page.remote.delete(client);
          return;
        }
        for (const client of [...added, ...updated, ...removed]) {
          if (!page.remote.has(client)) page.changed.add(client);
        }
        page.timer ??= setTimeout(() => sendChanged(pageId, page), gatherMs);
      };
      document.awareness.on('update', onUpdate);
      page.stop = () => document.awareness.off('update', onUpdate);
      pages.set(pageId, page);
      ask(pageId);
    },
    unwatch,
    async close() {
      for (const pageId of [...pages.keys()]) unwatch(pageId);
      await subscription.close();
    },
  };
}
