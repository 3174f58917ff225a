// Starting and ending the login session (spec §2, §4):
// - loadSession: user info, roles and the space list together, within 15 s; then the role routes
//   are installed. A failure shows 'permission initialisation failure', logs out and opens login.
// - completeLogin: keeps the token (storage + cookie), loads the session, goes to the remembered
//   path or /home.
// - endSession: clears token, tabs, space data (query cache) and role routes; goes to /login.
import { limits, type LoginResponse } from '@library/contract';
import { isRequestCancelled } from '../../lib/api-client';
import { translate } from '../../lib/i18n';
import { currentPath, installRoutesFor, navigateTo } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { clearTabStorage } from '../../lib/storage';
import { paths } from '../../config/paths';
import { toast } from '../../components/toast';
import { getSpaceGroups, spaceGroupsQueryKey } from '../space/api/get-space-groups';
import { closeDialog, openDialog } from '../layout/stores/dialog-store';
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
} from './stores/session-store';

let inflight: Promise<boolean> | null = null;
let afterLoadTarget: string | null = null;

/**
 * Loads the session once (concurrent callers share the same load). `thenGoTo` navigates there
 * before the session counts as ready, so the guard never acts on the page login started from.
 */
export function loadSession(options: { thenGoTo?: string } = {}): Promise<boolean> {
  if (options.thenGoTo) afterLoadTarget = options.thenGoTo;
  if (inflight) return inflight;
  setSessionPhase('loading');
  inflight = runSessionLoad().finally(() => {
    inflight = null;
  });
  return inflight;
}

async function runSessionLoad(): Promise<boolean> {
  const token = getToken();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.guardInitTimeoutMs);
  const calls = { signal: controller.signal, silent: true };
  try {
    const [user, roleLists, spaceGroups] = await Promise.all([
      getCurrentUser(calls),
      getLoginRoles(calls),
      getSpaceGroups(calls),
    ]);
    if (getToken() !== token) return false;
    queryClient.setQueryData(currentUserQueryKey, user);
    queryClient.setQueryData(spaceGroupsQueryKey, spaceGroups);
    const roles = rolesFrom(roleLists);
    setSessionRoles(roles);
    installRoutesFor(useSessionStore.getState().roles);
    const target = afterLoadTarget;
    afterLoadTarget = null;
    if (target) await navigateTo(target, { replace: true });
    setSessionPhase('ready');
    return true;
  } catch (error) {
    afterLoadTarget = null;
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
  try {
    if (remote && getToken()) void logOutRequest().catch(() => undefined);
    setSessionPhase('signing-out');
    clearToken();
    clearTabStorage();
    await queryClient.cancelQueries();
    queryClient.clear();
    useLoginRedirectStore.getState().forget();
    setSessionRoles(defaultRoles);
    installRoutesFor(useSessionStore.getState().roles);
    await navigateTo(to);
    if (wanted) useLoginRedirectStore.getState().remember(wanted);
  } finally {
    setSessionPhase('idle');
    ending = false;
  }
}

/** The API client saw a 401 (or token-expired code): log out locally and ask to log in again. */
export function handleSessionExpired(): void {
  if (!getToken() || useSessionStore.getState().phase === 'signing-out') return;
  void endSession({ remote: false, rememberPath: true }).then(() => openDialog('login'));
}
