// The login session on this browser: the token (localStorage `token` and the `token` cookie,
// spec §3), the user's system roles, and where session loading stands. The user info and the
// space list are server data and live in the query cache.
import { create } from 'zustand';
import { Role, StorageKey } from '@library/contract';
import { readCookie, removeCookie, setCookie } from '../lib/cookie';
import { readStorage, removeStorage, writeStorage } from '../lib/storage';

/** Default role list of spec §2: one entry, DEFAULT_ROLE. */
export const defaultRoles: readonly string[] = [Role.default];

/**
 * idle: nothing loaded yet (first entry); loading: user, roles and spaces on their way;
 * ready: loaded; signing-out: logout in progress (the guard waits).
 */
export type SessionPhase = 'idle' | 'loading' | 'ready' | 'signing-out';

interface SessionState {
  token: string | null;
  roles: readonly string[];
  phase: SessionPhase;
}

function readToken(): string | null {
  return readStorage(StorageKey.token) || readCookie(StorageKey.token) || null;
}

export const useSessionStore = create<SessionState>(() => ({
  token: readToken(),
  roles: defaultRoles,
  phase: 'idle',
}));

export function getToken(): string | null {
  return useSessionStore.getState().token;
}

export function saveToken(token: string): void {
  writeStorage(StorageKey.token, token);
  setCookie(StorageKey.token, token);
  useSessionStore.setState({ token, phase: 'idle' });
}

export function clearToken(): void {
  removeStorage(StorageKey.token);
  removeCookie(StorageKey.token);
  useSessionStore.setState({ token: null });
}

export function setSessionPhase(phase: SessionPhase): void {
  useSessionStore.setState({ phase });
}

/** Roles are the union of the two lists of `loginRole`; nothing at all means the default list. */
export function rolesFrom(lists: { devicePolicy: string[]; deviceMenu: string[] }): string[] {
  const roles = [...new Set([...lists.devicePolicy, ...lists.deviceMenu])].filter(Boolean);
  return roles.length > 0 ? roles : [...defaultRoles];
}

export function sameRoles(left: readonly string[], right: readonly string[]): boolean {
  if (left.length !== right.length) return false;
  const set = new Set(left);
  return right.every((role) => set.has(role));
}

/** Stores the roles; keeps the old array when nothing changed so the routes stay as they are. */
export function setSessionRoles(roles: readonly string[]): void {
  if (sameRoles(useSessionStore.getState().roles, roles)) return;
  useSessionStore.setState({ roles });
}

export function hasAnyRole(held: readonly string[], wanted: readonly string[]): boolean {
  return wanted.some((role) => held.includes(role));
}
