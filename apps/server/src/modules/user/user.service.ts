// Accounts: finding a user by any of its accounts, registration, the status rules of login,
// and the account-settings changes.
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ErrorCode,
  mobilePattern,
  type ErrorCodeValue,
  type Locale,
  type UserStatus,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import { revokeAllTokens } from '../session/index.js';
import type { AvatarStore } from './avatar.store.js';
import { hashPassword, verifyPassword } from './password.js';
import * as repo from './user.repo.js';
import type { UserRow } from '../../db/schema/index.js';

/** The login refusal of each state other than active (spec §8, 2000xx). */
const refusalByStatus: Record<Exclude<UserStatus, 'active'>, ErrorCodeValue> = {
  pending: ErrorCode.pendingApproval,
  disabled: ErrorCode.userDisabled,
  cancelled: ErrorCode.accountCancelled,
  suspended: ErrorCode.accountSuspended,
  frozen: ErrorCode.accountFrozen,
};

export function assertCanLogIn(user: UserRow) {
  if (user.status !== 'active') throw new AppError(refusalByStatus[user.status]);
}

/** An account is a phone number, an e-mail address or the user's own numeric ID (spec §5). */
export async function findByAccount(db: Executor, account: string) {
  const trimmed = account.trim();
  if (mobilePattern.test(trimmed)) return repo.findByMobile(db, trimmed.slice(-11));
  if (trimmed.includes('@')) return repo.findByEmail(db, trimmed.toLowerCase());
  if (/^\d{1,15}$/.test(trimmed)) return repo.findById(db, Number(trimmed));
  return undefined;
}

function newInviteCode() {
  // 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L).
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = crypto.randomBytes(8);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

export async function createUser(
  db: Executor,
  fields: {
    mobile?: string;
    email?: string;
    password?: string;
    nickname: string;
    status?: UserStatus;
    invitedBy?: number | null;
    /** the language the person registered in (mail to them is written in it) */
    locale?: Locale;
  },
): Promise<UserRow> {
  return repo.insertUser(db, {
    mobile: fields.mobile ?? null,
    email: fields.email?.toLowerCase() ?? null,
    passwordHash: fields.password ? await hashPassword(fields.password) : null,
    nickname: fields.nickname,
    status: fields.status ?? 'active',
    inviteCode: newInviteCode(),
    invitedBy: fields.invitedBy ?? null,
    locale: fields.locale ?? null,
  });
}

/**
 * Gives the user a new invite code: links and QR codes carrying the old one stop working (a
 * registration through one still logs in, answering `invite: unknown`).
 */
export async function resetInviteCode(db: Executor, userId: number): Promise<string> {
  // a fresh code may, rarely, be someone's already: draw again
  for (let attempt = 0; ; attempt++) {
    const inviteCode = newInviteCode();
    try {
      await repo.updateUser(db, userId, { inviteCode });
      return inviteCode;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

export async function getUser(db: Executor, userId: number): Promise<UserRow> {
  const user = await repo.findById(db, userId);
  if (!user) throw new AppError(ErrorCode.userMissing);
  return user;
}

/** Replaces the user's avatar with the uploaded image (see `AvatarStore.replace`). */
export async function replaceAvatar(
  db: Database,
  avatars: AvatarStore,
  userId: number,
  image: Readable,
): Promise<UserRow> {
  await avatars.replace(image, (key) =>
    db.transaction(async (tx) => {
      const locked = await repo.lockAvatarKey(tx, userId);
      if (!locked) throw new AppError(ErrorCode.userMissing);
      await repo.updateUser(tx, userId, { avatarKey: key });
      return locked.avatarKey;
    }),
  );
  return getUser(db, userId);
}

/** A user's avatar image; 602003 (file missing) when there is none. */
export async function userAvatar(db: Executor, avatars: AvatarStore, userId: number) {
  const user = await repo.findById(db, userId);
  if (!user?.avatarKey) throw new AppError(ErrorCode.fileMissing);
  return { key: user.avatarKey, bytes: await avatars.read(user.avatarKey) };
}

export async function updateNickname(db: Database, userId: number, nickname: string) {
  const user = await repo.updateUser(db, userId, { nickname });
  if (!user) throw new AppError(ErrorCode.userMissing);
  return user;
}

async function confirmPassword(user: UserRow, password: string | undefined) {
  if (user.passwordHash === null) return;
  if (!password || !(await verifyPassword(user.passwordHash, password))) {
    throw new AppError(ErrorCode.passwordCheckWrong);
  }
}

/** Sets a new password; every other device is logged out. */
export async function changePassword(
  db: Database,
  session: { userId: number; tokenId: string },
  oldPassword: string | undefined,
  newPassword: string,
) {
  const user = await getUser(db, session.userId);
  await confirmPassword(user, oldPassword);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { passwordHash });
    await revokeAllTokens(tx, user.id, new Date(), session.tokenId);
  });
}

export async function bindEmail(
  db: Database,
  userId: number,
  email: string,
  password: string | undefined,
) {
  const user = await getUser(db, userId);
  await confirmPassword(user, password);
  const holder = await repo.findByEmail(db, email);
  if (holder && holder.id !== user.id) throw new AppError(ErrorCode.emailInUse);
  try {
    const updated = await repo.updateUser(db, user.id, { email });
    if (!updated) throw new AppError(ErrorCode.userMissing);
    return updated;
  } catch (error) {
    // Two requests racing for the same address: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.emailInUse);
    throw error;
  }
}

/** Changes a user's state; leaving 'active' logs the user out everywhere at once. */
export async function setStatus(db: Executor, userId: number, status: UserStatus) {
  return db.transaction(async (tx) => {
    const user = await repo.updateUser(tx, userId, { status });
    if (!user) throw new AppError(ErrorCode.userMissing);
    if (status !== 'active') await revokeAllTokens(tx, userId, new Date());
    return user;
  });
}
