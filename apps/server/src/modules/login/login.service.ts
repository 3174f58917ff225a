// Logging in by account + password, or by SMS code — which registers an unknown phone,
// linking it to the inviter when an invite code came with it.
import {
  ErrorCode,
  type ClientDescriptor,
  type InviteOutcome,
  type Locale,
  type LoginResponse,
  type Quotas,
} from '@library/contract';
import type { RegistrationMode } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { addByInviteCode } from '../addrbook/index.js';
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

export async function loginWithPassword(
  deps: LoginDeps,
  input: { account: string; password: string; client: ClientDescriptor },
  from: LoginOrigin,
): Promise<LoginResponse> {
  const user = await users.findByAccount(deps.db, input.account);
  const matches = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !matches) throw new AppError(ErrorCode.wrongAccountOrPassword);
  return logIn(deps, user, input.client, from);
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
  const response = await smsLogIn(deps, input, from);
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
  from: LoginOrigin,
): Promise<LoginResponse> {
  const mobile = await redeemCode(deps.db, input.smsToken, input.smsCode);
  const existing = await findByMobile(deps.db, mobile);
  if (existing) return logIn(deps, existing, input.client, from);

  if (deps.registration === 'closed') throw new AppError(ErrorCode.registrationNotAllowed);
  const inviter = input.inviteCode ? await findByInviteCode(deps.db, input.inviteCode) : undefined;
  let created: Awaited<ReturnType<typeof registerByMobile>>;
  try {
    created = await registerByMobile(deps, mobile, inviter?.id ?? null, input.client, from);
  } catch (error) {
    // Two codes for one new phone redeemed at once: the other request registered it.
    const winner = isUniqueViolation(error) ? await findByMobile(deps.db, mobile) : undefined;
    if (!winner) throw error;
    return logIn(deps, winner, input.client, from);
  }
  // Registered, but an administrator must approve the account first.
  if (!created.token) throw new AppError(ErrorCode.pendingApproval);
  return { token: created.token, user: presentUser(created.user), registered: true };
}

/** Opens a device session for a user who may log in. */
async function logIn(
  deps: LoginDeps,
  user: UserRow,
  client: ClientDescriptor,
  from: LoginOrigin,
): Promise<LoginResponse> {
  users.assertCanLogIn(user);
  const { token } = await issueToken(deps.db, user.id, client, from.ip, from.locale);
  return { token, user: presentUser(user), registered: false };
}

function registerByMobile(
  deps: LoginDeps,
  mobile: string,
  invitedBy: number | null,
  client: ClientDescriptor,
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
    const { token } = await issueToken(tx, user.id, client, from.ip, from.locale);
    return { user, token };
  });
}
