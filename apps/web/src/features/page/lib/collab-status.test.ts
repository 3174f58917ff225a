import { describe, expect, it } from 'vitest';
import { collabReady, collabStatus, initialCollabState, type CollabState } from './collab-status';

const state = (change: Partial<CollabState>): CollabState => ({ ...initialCollabState, ...change });

describe('collabStatus', () => {
  it('is connecting until the server copy first comes in', () => {
    expect(collabStatus(state({ connection: 'connected' }))).toEqual({ kind: 'connecting' });
  });

  it('is saved once everything sent is confirmed, saving while something is not', () => {
    const live = { connection: 'connected', loaded: true, synced: true } as const;
    expect(collabStatus(state(live))).toEqual({ kind: 'saved' });
    expect(collabStatus(state({ ...live, unsynced: 2 }))).toEqual({ kind: 'saving' });
    expect(collabStatus(state({ ...live, synced: false }))).toEqual({ kind: 'saving' });
  });

  it('counts the changes kept while offline', () => {
    expect(
      collabStatus(state({ online: false, loaded: true, connection: 'disconnected', unsynced: 7 })),
    ).toEqual({ kind: 'offline', unsynced: 7 });
  });

  it('is reconnecting when the socket drops on a network that is up', () => {
    expect(collabStatus(state({ loaded: true, connection: 'disconnected', unsynced: 1 }))).toEqual({
      kind: 'reconnecting',
      unsynced: 1,
    });
    expect(collabStatus(state({ loaded: true, connection: 'connecting' }))).toEqual({
      kind: 'reconnecting',
      unsynced: 0,
    });
  });

  it('says so when the server refuses, whatever else holds', () => {
    expect(collabStatus(state({ refused: true, loaded: true, synced: true }))).toEqual({
      kind: 'refused',
    });
  });
});

describe('collabReady', () => {
  it('waits for a document: the server copy, or a non-empty copy on this device', () => {
    expect(collabReady(state({}), false)).toBe(false);
    expect(collabReady(state({ storedLocally: true }), false)).toBe(false);
    expect(collabReady(state({ storedLocally: true }), true)).toBe(true);
    expect(collabReady(state({ loaded: true }), false)).toBe(true);
  });
});
