// What the toolbar says about a live page: from the socket's state, whether the server's copy has
// come in, and how many of one's own changes the server has not confirmed yet.

/** The socket: never connected yet, connected, or lost (the browser offline, or trying again). */
export type CollabConnection = 'connecting' | 'connected' | 'disconnected';

export interface CollabState {
  connection: CollabConnection;
  /** the browser says it has no network (`navigator.onLine`) */
  online: boolean;
  /** the server's copy has come in at least once on this screen */
  loaded: boolean;
  /** the last exchange with the server is complete (false again while the socket is down) */
  synced: boolean;
  /** a copy kept on this device (IndexedDB) has been read */
  storedLocally: boolean;
  /** own changes sent or waiting to be sent that the server has not confirmed */
  unsynced: number;
  /** the server refused the connection: the page cannot be edited (any more) */
  refused: boolean;
}

export type CollabStatus =
  | { kind: 'connecting' }
  | { kind: 'saved' }
  | { kind: 'saving' }
  | { kind: 'offline'; unsynced: number }
  | { kind: 'reconnecting'; unsynced: number }
  | { kind: 'refused' };

export const initialCollabState: CollabState = {
  connection: 'connecting',
  online: true,
  loaded: false,
  synced: false,
  storedLocally: false,
  unsynced: 0,
  refused: false,
};

export function collabStatus(state: CollabState): CollabStatus {
  if (state.refused) return { kind: 'refused' };
  if (!state.online) return { kind: 'offline', unsynced: state.unsynced };
  if (!state.loaded) {
    return state.connection === 'disconnected'
      ? { kind: 'reconnecting', unsynced: state.unsynced }
      : { kind: 'connecting' };
  }
  if (state.connection !== 'connected') return { kind: 'reconnecting', unsynced: state.unsynced };
  return state.synced && state.unsynced === 0 ? { kind: 'saved' } : { kind: 'saving' };
}

/**
 * The editor may take the place of the page's static rendering once it has a document to show:
 * the server's, or the copy kept on this device (changes made to it merge when the server is
 * back). Never an empty document of its own: what it typed there would be a second copy of the
 * page once merged.
 */
export function collabReady(state: CollabState, storedHasContent: boolean): boolean {
  return state.loaded || (state.storedLocally && storedHasContent);
}
