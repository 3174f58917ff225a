// Logging in by account + password, or by SMS code — which registers an unknown phone,
// linking it to the inviter when an invite code came with it.
import { ErrorCode, type ClientDescriptor, type LoginResponse } from '@library/contract';
import type { RegistrationMode } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { issueToken } from '../session/session.service.js';
import { verifyPassword } from '../user/password.js';
import { presentUser } from '../user/user.presenter.js';
import * as users from '../user/user.service.js';
import { findByInviteCode, findByMobile } from '../user/user.repo.js';
import { redeemCode } from './sms-code.service.js';

export interface LoginDeps {
  db: Database;
  registration: RegistrationMode;
}

export async function loginWithPassword(
  deps: LoginDeps,
  input: { account: string; password: string; client: ClientDescriptor },
  ip: string | null,
): Promise<LoginResponse> {
  const user = await users.findByAccount(deps.db, input.account);
  const matches = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !matches) throw new AppError(ErrorCode.wrongAccountOrPassword);
  users.assertCanLogIn(user);
  const { token } = await issueToken(deps.db, user.id, input.client, ip);
  return { token, user: presentUser(user), registered: false };
}

export async function loginWithSms(
  deps: LoginDeps,
  input: { smsCode: string; smsToken: string; client: ClientDescriptor; inviteCode: string },
  ip: string | null,
): Promise<LoginResponse> {
  const mobile = await redeemCode(deps.db, input.smsToken, input.smsCode);
  const existing = await findByMobile(deps.db, mobile);
  if (existing) {
    users.assertCanLogIn(existing);
    const { token } = await issueToken(deps.db, existing.id, input.client, ip);
    return { token, user: presentUser(existing), registered: false };
  }

  if (deps.registration === 'closed') throw new AppError(ErrorCode.registrationNotAllowed);
  const inviter = input.inviteCode ? await findByInviteCode(deps.db, input.inviteCode) : undefined;
  const created = await deps.db.transaction(async (tx) => {
    const user = await users.createUser(tx, {
      mobile,
      nickname: `用户${mobile.slice(-4)}`,
      status: deps.registration === 'approval' ? 'pending' : 'active',
      invitedBy: inviter?.id ?? null,
    });
    if (user.status !== 'active') return { user, token: null };
    const { token } = await issueToken(tx, user.id, input.client, ip);
    return { user, token };
  });
  // Registered, but an administrator must approve the account first.
  if (!created.token) throw new AppError(ErrorCode.pendingApproval);
  return { token: created.token, user: presentUser(created.user), registered: true };
}
