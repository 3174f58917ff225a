// Browser storage under the spec's keys (§3). Every read and write goes through here so a
// blocked or full localStorage (private mode, quota) never breaks the app.
import type { StorageKey } from '@library/contract';

export type StorageKeyName = (typeof StorageKey)[keyof typeof StorageKey];

/** Not one of the spec's keys: the random id this browser presents as its login device. */
export const deviceIdKey = 'device-id';

function localStore(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readStorage(key: string): string | null {
  try {
    return localStore()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    localStore()?.setItem(key, value);
  } catch {
    // storage full or blocked: the value lives only in memory for this visit
  }
}

export function removeStorage(key: string): void {
  try {
    localStore()?.removeItem(key);
  } catch {
    // nothing to remove
  }
}

export function readJsonStorage<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJsonStorage(key: string, value: unknown): void {
  writeStorage(key, JSON.stringify(value));
}

/**
 * Tabs and the active tab are persisted by the space feature under keys starting with `tabs` or
 * `active-tab`; logout clears whatever of them exists (spec §4).
 */
export function clearTabStorage(): void {
  const store = localStore();
  if (!store) return;
  const doomed: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key && (key.startsWith('tabs') || key.startsWith('active-tab'))) doomed.push(key);
  }
  for (const key of doomed) removeStorage(key);
}
