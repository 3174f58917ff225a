// The session module's front door: what the app and other modules may use of it.
export { type SessionCache, createSessionCache, sessionChannel } from './session-cache.js';
export { findTokenDevice, listActiveTokens, revokeAllTokens, revokeToken } from './session.repo.js';
export {
  callerId,
  createSessionResolver,
  createSocketSessionResolver,
  currentSession,
  hashToken,
  issueToken,
  type Session,
  watchRevocation,
} from './session.service.js';
