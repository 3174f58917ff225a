// Logging in by account + password, or by SMS code — which registers an unknown phone,
// linking it to the inviter when an invite code came with it. Every login is in the audit log:
// a success in the transaction that opens the device session, a refusal on its own.
import {
  ErrorCode,
  type ClientDescriptor,
  type InviteOutcome,
  type Locale,
  type LoginResponse,
  type Quotas,
} from '@library/contract';
import type { RegistrationMode } from '../../config.js';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { addByInviteCode } from '../addrbook/index.js';
import { recordAudit } from '../audit/index.js';
import { issueToken } from '../session/index.js';
import { verifyPassword } from '../user/index.js';
import { presentUser } from '../user/index.js';
import * as users from '../user/index.js';
import type { UserRow } from '../../db/schema/index.js';
import { findByInviteCode, findByMobile } from '../user/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import { redeemCode } from './sms-code.service.js';

export interface LoginDeps {
  db: Database;
  registration: RegistrationMode;
  /** the site's quotas (an invite code makes friends, within the friend quotas) */
  quotas: Quotas;
}

/** Where a login comes from: the client's address, and the language it asks in. */
export interface LoginOrigin {
  ip: string | null;
  locale?: Locale;
}

/** The device the audit log names: the name the client gave it, else the kind of client. */
export const deviceOf = (client: Pick<ClientDescriptor, 'client' | 'deviceName'>) =>
  client.deviceName || client.client;

/** What a login attempt is known as so far, for the audit log. */
interface Attempt {
  method: 'password' | 'sms';
  client: ClientDescriptor;
  /** the account typed (password logins) */
  account?: string;
  /** the account it turned out to be, once known */
  userId?: number;
}

/**
 * Runs a login attempt; a refusal (an AppError: wrong password or code, an account that may not
 * log in …) is recorded as `user.login.failed` before it is answered. There is no act to ride
 * on, so the row has its own transaction.
 */
async function recordingRefusal<Result>(
  deps: LoginDeps,
  attempt: Attempt,
  from: LoginOrigin,
  run: () => Promise<Result>,
): Promise<Result> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) {
      await recordAudit(deps.db, {
        actorId: null,
        action: 'user.login.failed',
        targetType: 'user',
        targetId: attempt.userId ?? null,
        after: {
          method: attempt.method,
          ...(attempt.account === undefined ? {} : { account: attempt.account }),
          code: error.code,
          client: attempt.client.client,
          deviceId: attempt.client.deviceId,
        },
        address: from.ip,
        device: deviceOf(attempt.client),
      });
    }
    throw error;
  }
}

export async function loginWithPassword(
  deps: LoginDeps,
  input: { account: string; password: string; client: ClientDescriptor },
  from: LoginOrigin,
): Promise<LoginResponse> {
  const attempt: Attempt = { method: 'password', client: input.client, account: input.account };
  return recordingRefusal(deps, attempt, from, async () => {
    const user = await users.findByAccount(deps.db, input.account);
    attempt.userId = user?.id;
    const matches = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !matches) throw new AppError(ErrorCode.wrongAccountOrPassword);
    return logIn(deps, user, attempt, from);
  });
}

/**
 * Logs in (or registers) by SMS code; an invite code that came along (a registration link's)
 * makes its owner and the person logging in friends, and the answer says how that went.
 */
export async function loginWithSms(
  deps: LoginDeps,
  input: { smsCode: string; smsToken: string; client: ClientDescriptor; inviteCode: string },
  from: LoginOrigin,
): Promise<LoginResponse> {
  const attempt: Attempt = { method: 'sms', client: input.client };
  const response = await recordingRefusal(deps, attempt, from, () =>
    smsLogIn(deps, input, attempt, from),
  );
  if (!input.inviteCode) return response;
  return {
    ...response,
    invite: await followInvite(deps, Number(response.user.userId), input.inviteCode),
  };
}

const inviteRefusals = new Map<number, InviteOutcome>([
  [ErrorCode.duplicate, 'already'],
  [ErrorCode.userMissing, 'unknown'],
  [ErrorCode.userDisabled, 'disabled'],
  [ErrorCode.operationNotAllowed, 'own'],
]);

async function followInvite(deps: LoginDeps, userId: number, code: string): Promise<InviteOutcome> {
  try {
    await addByInviteCode(deps.db, userId, code, deps.quotas);
    return 'friended';
  } catch (error) {
    // the login stands whatever became of the invite
    return (error instanceof AppError && inviteRefusals.get(error.code)) || 'refused';
  }
}

async function smsLogIn(
  deps: LoginDeps,
  input: { smsCode: string; smsToken: string; client: ClientDescriptor; inviteCode: string },
  attempt: Attempt,
  from: LoginOrigin,
): Promise<LoginResponse> {
  const mobile = await redeemCode(deps.db, input.smsToken, input.smsCode);
  const existing = await findByMobile(deps.db, mobile);
  attempt.userId = existing?.id;
  if (existing) return logIn(deps, existing, attempt, from);

  if (deps.registration === 'closed') throw new AppError(ErrorCode.registrationNotAllowed);
  const inviter = input.inviteCode ? await findByInviteCode(deps.db, input.inviteCode) : undefined;
  let created: Awaited<ReturnType<typeof registerByMobile>>;
  try {
    created = await registerByMobile(deps, mobile, inviter?.id ?? null, attempt, from);
  } catch (error) {
    // Two codes for one new phone redeemed at once: the other request registered it.
    const winner = isUniqueViolation(error) ? await findByMobile(deps.db, mobile) : undefined;
    if (!winner) throw error;
    attempt.userId = winner.id;
    return logIn(deps, winner, attempt, from);
  }
  attempt.userId = created.user.id;
  // Registered, but an administrator must approve the account first.
  if (!created.token) throw new AppError(ErrorCode.pendingApproval);
  return { token: created.token, user: presentUser(created.user), registered: true };
}

/** Opens a device session for a user who may log in, and records the login with it. */
async function logIn(
  deps: LoginDeps,
  user: UserRow,
  attempt: Attempt,
  from: LoginOrigin,
): Promise<LoginResponse> {
  users.assertCanLogIn(user);
  const token = await deps.db.transaction((tx) => openSession(tx, user.id, attempt, from));
  return { token, user: presentUser(user), registered: false };
}

/** A device session and its `user.login` row, in the caller's transaction. */
async function openSession(
  tx: Executor,
  userId: number,
  attempt: Attempt,
  from: LoginOrigin,
  registered = false,
) {
  const { token, tokenId } = await issueToken(tx, userId, attempt.client, from.ip, from.locale);
  await recordAudit(tx, {
    actorId: userId,
    action: 'user.login',
    targetType: 'user',
    targetId: userId,
    after: {
      method: attempt.method,
      ...(registered ? { registered } : {}),
      tokenId,
      client: attempt.client.client,
      deviceId: attempt.client.deviceId,
      version: attempt.client.version,
    },
    address: from.ip,
    device: deviceOf(attempt.client),
  });
  return token;
}

function registerByMobile(
  deps: LoginDeps,
  mobile: string,
  invitedBy: number | null,
  attempt: Attempt,
  from: LoginOrigin,
) {
  return deps.db.transaction(async (tx) => {
    const user = await users.createUser(tx, {
      mobile,
      nickname: `用户${mobile.slice(-4)}`,
      status: deps.registration === 'approval' ? 'pending' : 'active',
      invitedBy,
      locale: from.locale,
    });
    if (user.status !== 'active') return { user, token: null };
    return { user, token: await openSession(tx, user.id, attempt, from, true) };
  });
}
