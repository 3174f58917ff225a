// The auth feature's public entry: what other features may use of it — ending a session, asking
// a visitor to log in, a 401 from outside the API client, the current user, and the stores the
// entry pages and tests share. The login dialog is loaded by the app (app/AppDialogs.tsx).
export { askToLogIn, endSession, handleSessionExpired } from './session';
export { currentUserQueryKey, useCurrentUser } from './api/get-current-user';
export { useLoginRedirectStore } from './stores/login-redirect-store';
export { useRegisterInviteStore } from './stores/register-invite-store';
