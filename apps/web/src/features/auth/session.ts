// Starting and ending the login session (spec §2, §4):
// - loadSession: user info, roles and the space list together, within 15 s; then the role routes
//   are installed. A failure shows 'permission initialisation failure', logs out and opens login.
// - completeLogin: keeps the token (storage + cookie), loads the session, goes to the remembered
//   path or /home.
// - endSession: clears token, tabs, space data (query cache), role routes, the register invite
//   code and the last visited route; goes to /login.
// - handleSessionExpired: the API client's 401; followOtherTabs: a logout in another tab.
import { StorageKey, limits, type LoginResponse } from '@library/contract';
import { isRequestCancelled } from '../../lib/api-client';
import { translate } from '../../lib/i18n';
import { currentPath, installRoutesFor, navigateTo } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { clearTabStorage, readStorage, removeStorage } from '../../lib/storage';
import { paths } from '../../config/paths';
import { toast } from '../../components/toast';
import { getSpaceGroups, spaceGroupsQueryKey } from '../../lib/space-groups';
import { closeDialog, openDialog, resetLoginDialog } from '../../stores/dialog-store';
import { forgetDeviceCopies } from '../../lib/device-copies';
import { currentUserQueryKey, getCurrentUser } from './api/get-current-user';
import { getLoginRoles } from './api/get-login-roles';
import { logOutRequest } from './api/log-out';
import { takeLoginRedirect, useLoginRedirectStore } from './stores/login-redirect-store';
import { useRegisterInviteStore } from './stores/register-invite-store';
import {
  clearToken,
  defaultRoles,
  getToken,
  rolesFrom,
  saveToken,
  setSessionPhase,
  setSessionRoles,
  useSessionStore,
} from '../../stores/session-store';

interface SessionLoad {
  /** the token this load is for; once the token changes the load changes nothing */
  token: string | null;
  /** where to go once loaded (set by login) */
  target: string | null;
  promise: Promise<boolean>;
}

let inflight: SessionLoad | null = null;

/**
 * Loads the session once per token (concurrent callers for the same token share the load). A
 * load for an earlier token is left to finish on its own and is not shared. `thenGoTo` navigates
 * there before the session counts as ready, so the guard never acts on the page login started
 * from.
 */
export function loadSession(options: { thenGoTo?: string } = {}): Promise<boolean> {
  const token = getToken();
  if (inflight && inflight.token === token) {
    if (options.thenGoTo) inflight.target = options.thenGoTo;
    return inflight.promise;
  }
  const load: SessionLoad = {
    token,
    target: options.thenGoTo ?? null,
    promise: Promise.resolve(false),
  };
  inflight = load;
  setSessionPhase('loading');
  load.promise = runSessionLoad(load).finally(() => {
    if (inflight === load) inflight = null;
  });
  return load.promise;
}

async function runSessionLoad(load: SessionLoad): Promise<boolean> {
  const { token } = load;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.guardInitTimeoutMs);
  // The 15 s limit is the whole load's; each call gets as long (not the usual 6 s).
  const calls = { signal: controller.signal, silent: true, timeoutMs: limits.guardInitTimeoutMs };
  let answers: Awaited<ReturnType<typeof fetchSession>>;
  try {
    answers = await fetchSession(calls);
  } catch (error) {
    // Logged out (or another account logged in) while loading: nothing left to undo.
    if (getToken() !== token) return false;
    if (!isRequestCancelled(error) || controller.signal.aborted) {
      toast.error(translate('session.initFailed'), { showClose: true, grouping: true });
    }
    await endSession({ to: paths.root.path });
    openDialog('login');
    return false;
  } finally {
    clearTimeout(timer);
  }

  if (getToken() !== token) return false;
  const [user, roleLists, spaceGroups] = answers;
  queryClient.setQueryData(currentUserQueryKey, user);
  queryClient.setQueryData(spaceGroupsQueryKey, spaceGroups);
  setSessionRoles(rolesFrom(roleLists));
  installRoutesFor(useSessionStore.getState().roles);

  // Outside the try: a navigation that fails is no reason to log the user out.
  const target = load.target;
  load.target = null;
  if (target) await goAfterLoad(target);
  if (getToken() !== token) return false;
  setSessionPhase('ready');
  return true;
}

function fetchSession(calls: { signal: AbortSignal; silent: boolean; timeoutMs: number }) {
  return Promise.all([getCurrentUser(calls), getLoginRoles(calls), getSpaceGroups(calls)]);
}

async function goAfterLoad(target: string): Promise<void> {
  try {
    await navigateTo(target, { replace: true });
  } catch {
    await navigateTo(paths.home.path, { replace: true }).catch(() => undefined);
  }
}

/** After login, go to the path the guard remembered, else stay (entry pages lead to /home). */
export function postLoginTarget(pathNow: string): string {
  const remembered = takeLoginRedirect();
  if (remembered) return remembered;
  const pathname = pathNow.split('?')[0] ?? pathNow;
  const entryPages: string[] = [paths.root.path, paths.login.path, paths.register.path];
  return entryPages.includes(pathname) ? paths.home.path : pathNow;
}

export async function completeLogin(response: LoginResponse): Promise<boolean> {
  saveToken(response.token);
  // what a visitor was shown (an open space as a visitor, its tree of published pages) is asked
  // for again as the user now logged in
  void queryClient.invalidateQueries();
  queryClient.setQueryData(currentUserQueryKey, response.user);
  useRegisterInviteStore.getState().clearInviteCode();
  const loaded = await loadSession({ thenGoTo: postLoginTarget(currentPath()) });
  if (loaded) closeDialog();
  return loaded;
}

let ending = false;

export interface EndSessionOptions {
  /** tell the server (DELETE v1/user/logout); its failure is ignored */
  remote?: boolean;
  /** where to go afterwards; /login by default */
  to?: string;
  /** come back to the current page after the next login (session expired) */
  rememberPath?: boolean;
}

export async function endSession(options: EndSessionOptions = {}): Promise<void> {
  if (ending) return;
  ending = true;
  const { remote = true, to = paths.login.path, rememberPath = false } = options;
  const wanted = rememberPath ? currentPath() : null;
  const userId = queryClient.getQueryData<{ userId: string }>(currentUserQueryKey)?.userId;
  try {
    if (remote && getToken()) void logOutRequest().catch(() => undefined);
    setSessionPhase('signing-out');
    clearToken();
    clearTabStorage();
    removeStorage(StorageKey.lastVisitedRoute);
    useRegisterInviteStore.getState().clearInviteCode();
    resetLoginDialog();
    await queryClient.cancelQueries();
    queryClient.clear();
    useLoginRedirectStore.getState().forget();
    setSessionRoles(defaultRoles);
    installRoutesFor(useSessionStore.getState().roles);
    await navigateTo(to);
    if (wanted) useLoginRedirectStore.getState().remember(wanted);
    // logging out on purpose leaves none of the user's pages on the device (lib/device-copies.ts)
    if (remote && userId) void forgetDeviceCopies(userId);
  } finally {
    setSessionPhase('idle');
    ending = false;
  }
}

/**
 * The API client saw a 401 (or a token-expired code): log out locally and ask to log in again.
 * Without a token there is nothing to end, but the login dialog still opens (spec §8).
 */
export function handleSessionExpired(): void {
  if (useSessionStore.getState().phase === 'signing-out') return;
  if (!getToken()) {
    openDialog('login');
    return;
  }
  void endSession({ remote: false, rememberPath: true }).then(() => openDialog('login'));
}

/** A visitor asks to log in: the login dialog opens and `then` is where the login leads. */
export function askToLogIn(then: string): void {
  useLoginRedirectStore.getState().remember(then);
  openDialog('login');
}

/** Logs this tab out when another tab of the app logs out (the shared `token` is removed). */
export function followOtherTabs(): () => void {
  const handleStorage = (event: StorageEvent) => {
    // key null: the other tab cleared the whole storage
    if (event.key !== null && event.key !== StorageKey.token) return;
    if (getToken() !== null && readStorage(StorageKey.token) === null) {
      void endSession({ remote: false });
    }
  };
  window.addEventListener('storage', handleStorage);
  return () => window.removeEventListener('storage', handleStorage);
}
