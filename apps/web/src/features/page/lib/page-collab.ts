// One editor's live connection to a page (loaded lazily with the editor: Yjs and the provider stay
// out of a reader's download). The page's Yjs document comes from the collab socket
// (`/api/v1/collab`, document `page:{pageId}`, the Hocuspocus protocol, the session token as the
// provider's token) and is kept on this device too (IndexedDB, per user and page), so what is
// typed offline survives a closed tab and merges when the socket is back. The browser's own
// online/offline events take the socket down and up at once instead of waiting for a timeout.
import { HocuspocusProvider, WebSocketStatus } from '@hocuspocus/provider';
import { IndexeddbPersistence } from 'y-indexeddb';
import { deviceCopyName } from '../../../lib/device-copies';
import * as Y from 'yjs';
import { collabPath, pageDocumentFragment, pageDocumentName } from '@library/contract';
import { initialCollabState, type CollabState } from './collab-status';
import type { CollabPerson } from './collab-people';

export interface PageCollabOptions {
  pageId: string;
  /** the session token; null leaves it to the `token` cookie (same origin) */
  token: string | null;
  me: CollabPerson;
}

/** the one reason the server gives for every refusal (whether the page exists stays unknown) */
const refusal = 'permission-denied';

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${collabPath}`;
}

/** Someone's entry in the awareness states, if it names a person. */
function personOf(state: Record<string, unknown>): CollabPerson | null {
  const user = state['user'] as Partial<CollabPerson> | undefined;
  if (!user || typeof user.userId !== 'string' || typeof user.name !== 'string') return null;
  return {
    userId: user.userId,
    name: user.name,
    color: typeof user.color === 'string' ? user.color : '#8c8c8c',
    avatar: typeof user.avatar === 'string' ? user.avatar : null,
  };
}

export class PageCollab {
  readonly doc = new Y.Doc();
  readonly fragment = this.doc.getXmlFragment(pageDocumentFragment);
  readonly provider: HocuspocusProvider;
  readonly me: CollabPerson;
  private readonly stored: IndexeddbPersistence | null;
  private current: CollabState;
  private everyone: CollabPerson[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly stopWatching: () => void;

  constructor({ pageId, token, me }: PageCollabOptions) {
    this.me = me;
    this.current = { ...initialCollabState, online: navigator.onLine };
    // IndexedDB is missing in some private modes and test DOMs: the page then lives on the server only
    this.stored =
      typeof indexedDB === 'undefined'
        ? null
        : new IndexeddbPersistence(deviceCopyName(me.userId, pageDocumentName(pageId)), this.doc);
    void this.stored?.whenSynced.then(() => this.update({ storedLocally: true }));

    this.provider = new HocuspocusProvider({
      url: socketUrl(),
      name: pageDocumentName(pageId),
      document: this.doc,
      token: token ?? '',
      onStatus: ({ status }) =>
        this.update({
          connection:
            status === WebSocketStatus.Connected
              ? 'connected'
              : status === WebSocketStatus.Connecting && !this.current.loaded
                ? 'connecting'
                : 'disconnected',
          synced: status === WebSocketStatus.Connected && this.provider.isSynced,
        }),
      onSynced: () => this.update({ loaded: true, synced: true }),
      onUnsyncedChanges: ({ number }) =>
        this.update({ unsynced: number, synced: this.provider.isSynced }),
      onAuthenticationFailed: () => this.refuse(),
      // the server closes the document (not the socket) when access is lost mid-session
      onClose: ({ event }) => {
        if (event.reason === refusal) this.refuse();
      },
      onAwarenessChange: ({ states }) => {
        const seen = new Map<string, CollabPerson>();
        for (const state of states) {
          const person = personOf(state);
          if (person && !seen.has(person.userId)) seen.set(person.userId, person);
        }
        seen.delete(me.userId);
        const everyone = [me, ...seen.values()];
        // carets move all the time; the people on the page seldom change
        const key = (people: CollabPerson[]) => JSON.stringify(people);
        if (key(everyone) === key(this.everyone)) return;
        this.everyone = everyone;
        this.notify();
      },
    });
    this.provider.setAwarenessField('user', me);
    this.everyone = [me];

    const socket = this.provider.configuration.websocketProvider;
    const goOffline = () => {
      this.update({ online: false });
      this.provider.disconnect();
      // A socket cut off by the network may never finish closing, and while it counts as open
      // the provider ignores connect(): it is let go at once, the way the provider itself lets
      // go of a socket that stopped answering.
      if (socket.status !== WebSocketStatus.Disconnected) {
        socket.onClose({ event: { code: 4000, reason: 'offline' } });
      }
    };
    const goOnline = () => {
      this.update({ online: true });
      if (!this.current.refused) void this.provider.connect();
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    this.stopWatching = () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }

  get state(): CollabState {
    return this.current;
  }

  /** The people on the page now, oneself first, each once however many tabs they have open. */
  get people(): CollabPerson[] {
    return this.everyone;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Resolves once the server has confirmed every change made here (true), or false after
   * `timeoutMs` (offline, say): publishing takes the document as the server has it.
   */
  whenSaved(timeoutMs: number): Promise<boolean> {
    const saved = () =>
      this.current.connection === 'connected' && this.current.synced && this.current.unsynced === 0;
    if (saved()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        stop();
        resolve(false);
      }, timeoutMs);
      const stop = this.subscribe(() => {
        if (!saved()) return;
        clearTimeout(timer);
        stop();
        resolve(true);
      });
    });
  }

  destroy(): void {
    this.stopWatching();
    this.listeners.clear();
    this.provider.destroy();
    void this.stored?.destroy();
    this.doc.destroy();
  }

  private refuse(): void {
    this.update({ refused: true });
    this.provider.disconnect();
  }

  private update(change: Partial<CollabState>): void {
    this.current = { ...this.current, ...change };
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

export function openPageCollab(options: PageCollabOptions): PageCollab {
  return new PageCollab(options);
}
