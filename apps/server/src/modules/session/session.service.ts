// Device logins: opaque random tokens (32 bytes), stored only as their SHA-256, one row per
// login with the client descriptor. A token is read from `Authorization: Bearer` or the
// `token` cookie; cookie-authenticated writes must come from our own origin (CSRF).
import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, type ClientDescriptor, type Locale } from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { UserRow } from '../../db/schema/index.js';
import type { SessionCache } from './session-cache.js';
import * as repo from './session.repo.js';

export interface Session {
  userId: number;
  tokenId: string;
  /** the user's row as this request found it (read with the token, in the same query) */
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    /** the session cache's epoch when the request came in (see session-cache.ts) */
    sessionEpoch: number;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** how often the last-seen time of a device is written at most */
const touchIntervalMs = 60_000;

export function hashToken(token: string) {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A new device login; `locale`, the language it was made in, is remembered for the user's mail. */
export async function issueToken(
  db: Executor,
  userId: number,
  client: ClientDescriptor,
  ip: string | null,
  locale?: Locale,
) {
  const token = crypto.randomBytes(32).toString('base64url');
  const tokenId = await repo.insertToken(db, { userId, tokenHash: hashToken(token), client, ip });
  await repo.markLogin(db, userId, new Date(), locale);
  return { token, tokenId };
}

function readToken(request: FastifyRequest): { token: string; fromCookie: boolean } | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (match?.[1]) return { token: match[1], fromCookie: false };
  }
  const cookie = request.cookies.token;
  if (cookie) return { token: cookie, fromCookie: true };
  return undefined;
}

function sameOrigin(request: { headers: IncomingHttpHeaders }, trustedOrigins: string[]): boolean {
  const origin = request.headers.origin ?? request.headers.referer;
  if (!origin) return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.host === request.headers.host) return true;
  return trustedOrigins.includes(parsed.origin);
}

/**
 * Reads (GET, HEAD) take the session from the cache when it holds it; a write always asks the
 * database, so that what it does is authorised by the committed state.
 */
export function createSessionResolver(db: Database, trustedOrigins: string[], cache: SessionCache) {
  const findActiveToken = repo.activeTokenFinder(db);
  async function load(tokenHash: string, cacheable: boolean) {
    if (cacheable) {
      const cached = cache.get(tokenHash);
      if (cached) return cached;
    }
    const epoch = cache.epoch();
    const row = await findActiveToken(tokenHash);
    if (row && row.user.status === 'active') cache.set(tokenHash, row, epoch);
    return row;
  }

  /** Resolves the caller's session; null for anonymous callers. Throws 401 for a bad token. */
  return async function resolveSession(request: FastifyRequest): Promise<Session | null> {
    const presented = readToken(request);
    if (!presented) return null;
    const row = await load(hashToken(presented.token), safeMethods.has(request.method));
    if (!row || row.user.status !== 'active') throw new AppError(ErrorCode.tokenExpired);
    if (
      presented.fromCookie &&
      !safeMethods.has(request.method) &&
      !sameOrigin(request, trustedOrigins)
    ) {
      throw new AppError(ErrorCode.permissionDenied, { detail: 'cross-site request refused' });
    }
    const now = new Date();
    if (now.getTime() - row.lastSeenAt.getTime() > touchIntervalMs) {
      await repo.touchToken(db, row.tokenId, now);
      row.lastSeenAt = now; // the cached row too: touched once a minute, not on every request
    }
    return { userId: row.user.id, tokenId: row.tokenId, user: row.user };
  };
}

/** The `token` cookie among a request's cookies. */
function cookieToken(cookies: string | undefined): string | undefined {
  for (const part of cookies?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name !== 'token') continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Resolves the session of a socket that writes (live editing): the token the client sends in the
 * socket, else the `token` cookie of a socket opened from our own origin. Always asked of the
 * database; null when there is no valid session.
 */
export function createSocketSessionResolver(db: Database, trustedOrigins: string[]) {
  const findActiveToken = repo.activeTokenFinder(db);
  return async function socketSession(
    token: string,
    headers: IncomingHttpHeaders,
  ): Promise<Session | null> {
    const presented =
      token || (sameOrigin({ headers }, trustedOrigins) ? cookieToken(headers.cookie) : undefined);
    if (!presented) return null;
    const row = await findActiveToken(hashToken(presented));
    if (!row || row.user.status !== 'active') return null;
    return { userId: row.user.id, tokenId: row.tokenId, user: row.user };
  };
}

/**
 * Calls `onRevoked` once when the session's token stops being valid (revoked, or its user no
 * longer active) — as soon as the change is announced, on whichever instance made it. For
 * answers that outlive the request's own check, such as an AI answer stream. Returns the
 * function that stops watching.
 */
export function watchRevocation(
  db: Database,
  cache: SessionCache,
  session: Session,
  onRevoked: () => void,
): () => void {
  const stillValid = repo.tokenValidity(db);
  let done = false;
  const stop = cache.watchUser(session.userId, () => {
    void stillValid(session.tokenId).then(
      (valid) => {
        if (valid || done) return;
        done = true;
        stop();
        onRevoked();
      },
      () => undefined, // the database away: the next announcement asks again
    );
  });
  return () => {
    done = true;
    stop();
  };
}

/** preHandler for routes that need a logged-in user. */
export async function requireSession(request: FastifyRequest): Promise<void> {
  if (!request.session) throw new AppError(ErrorCode.tokenExpired);
}

/** The caller on routes open to visitors (`config: { auth: 'optional' }`): null when anonymous. */
export function callerId(request: FastifyRequest): number | null {
  return request.session?.userId ?? null;
}

export function currentSession(request: FastifyRequest): Session {
  if (!request.session) throw new AppError(ErrorCode.tokenExpired);
  return request.session;
}
