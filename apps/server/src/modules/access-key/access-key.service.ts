// Personal access keys (docs/decisions/mcp.md): a user makes read-only keys for MCP
// clients, each scoped to spaces the user may read. A key is `lbk_` + 32 random bytes
// (base64url, 256 bits); only its SHA-256 is stored — a hash of a high-entropy secret needs no
// salt or slow hash. It opens only the MCP view (`auth: 'accessKey'` routes) and only its
// spaces, and there only what its user may read now: membership and the space's openness are
// checked on every call by space-access.ts, exactly as for the user's own requests. A revoked key,
// or a key of a user disabled or deleted, is refused at once on every instance: each instance
// keeps the keys it resolved (access-key-cache.ts) only while it hears the announcements that
// make it forget them — a user changed or deleted (migration 0009's triggers) and a key revoked
// (revokeAccessKey, in the revoking transaction) — and the revoking request answers once every
// instance has heard it.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, type CreatedAccessKey } from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/index.js';
import { hashToken } from '../session/index.js';
import { accessSpace } from '../space/index.js';
import type { AccessKeyCache } from './access-key-cache.js';
import { keyReaches, type McpReader } from './access-key.policy.js';
import { presentAccessKey } from './access-key.presenter.js';
import * as repo from './access-key.repo.js';

export const accessKeyPrefix = 'lbk_';
/** how often a key's last-used time is written at most */
const touchIntervalMs = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** the access key this request came with (only on `auth: 'accessKey'` routes) */
    accessKey: repo.LiveKey | null;
  }
}

/** The key a request presents: `X-Api-Key`, or `Authorization: Bearer lbk_…`. */
export function presentedAccessKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (match?.[1]?.startsWith(accessKeyPrefix)) return match[1];
  return undefined;
}

/** The live key for a presented one; 401 when unknown, revoked, or its user is not active. */
export async function resolveAccessKey(
  db: Database,
  token: string,
  cache: AccessKeyCache,
): Promise<repo.LiveKey> {
  const tokenHash = hashToken(token);
  let key = cache.get(tokenHash);
  if (!key) {
    const epoch = cache.epoch();
    key = await repo.findLiveKey(db, tokenHash);
    if (!key) throw new AppError(ErrorCode.tokenExpired, { detail: 'access key not valid' });
    cache.set(tokenHash, key, epoch);
  }
  const now = new Date();
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > touchIntervalMs) {
    key.lastUsedAt = now; // the cached key too: written once a minute, not on every call
    await repo.touchKey(db, key.keyId, now);
  }
  return key;
}

/** Who reads through the MCP view: the key's user within its spaces, else the session's user. */
export function mcpReader(request: FastifyRequest): McpReader {
  if (request.accessKey) {
    return { userId: request.accessKey.userId, spaceIds: new Set(request.accessKey.spaceIds) };
  }
  return { userId: request.session?.userId ?? null, spaceIds: null };
}

/** A space outside the key's spaces is missing to the key (404 + 100007). */
export function requireInScope(reader: McpReader, spaceId: string | undefined) {
  if (!keyReaches(reader, spaceId)) throw new AppError(ErrorCode.dataMissing);
}

export async function listAccessKeys(db: Executor, userId: number) {
  return { list: (await repo.listKeys(db, userId)).map(presentAccessKey) };
}

/** Makes a key for spaces the user may read now; the key is in the answer, and only there. */
export async function createAccessKey(
  db: Database,
  userId: number,
  input: { name: string; spaceIds: string[] },
  address: string | null = null,
): Promise<CreatedAccessKey> {
  const spaceIds = [...new Set(input.spaceIds)];
  for (const spaceId of spaceIds) await accessSpace(db, userId, spaceId, 'read');
  const token = accessKeyPrefix + crypto.randomBytes(32).toString('base64url');
  const row = await db.transaction(async (tx) => {
    const made = await repo.insertKey(
      tx,
      { userId, name: input.name, tokenHash: hashToken(token), hint: token.slice(0, 8) },
      spaceIds,
    );
    // the key itself is never in the log, only its name, first characters and spaces
    await recordAudit(tx, {
      actorId: userId,
      action: 'accessKey.create',
      targetType: 'accessKey',
      targetId: made.id,
      after: { name: input.name, hint: made.hint, spaceIds },
      address,
    });
    return made;
  });
  const [listed] = (await repo.listKeys(db, userId)).filter((item) => item.key.id === row.id);
  if (!listed) throw new AppError(ErrorCode.dataMissing);
  return { key: presentAccessKey(listed), token };
}

/** Revokes the key; every instance forgets the user's keys when the revocation commits. */
export async function revokeAccessKey(
  db: Database,
  userId: number,
  keyId: string,
  address: string | null = null,
) {
  const revoked = await db.transaction(async (tx) => {
    if (!(await repo.revokeKey(tx, userId, keyId, new Date()))) return false;
    await repo.announceKeyChange(tx, userId);
    await recordAudit(tx, {
      actorId: userId,
      action: 'accessKey.revoke',
      targetType: 'accessKey',
      targetId: keyId,
      address,
    });
    return true;
  });
  if (!revoked) throw new AppError(ErrorCode.dataMissing);
}
