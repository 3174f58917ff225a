// SMS verification codes (architecture §2): an `smsToken` bound to one phone and a 6-digit code,
// both kept hashed; 5-minute life, 5 tries, one send per phone per 60 s, daily caps per phone
// and per IP. Sending answers the same for known and unknown phones (no account enumeration).
import crypto from 'node:crypto';
import { ErrorCode, limits } from '@library/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { SmsProvider } from '../../infra/sms/sms-provider.js';
import * as repo from './sms-code.repo.js';

const dayMs = 24 * 60 * 60 * 1000;

function sha256(text: string) {
  return crypto.createHash('sha256').update(text).digest('hex');
}

function codeHash(smsToken: string, code: string) {
  return sha256(`${smsToken}:${code}`);
}

function tooFrequent(retryAfterSeconds: number) {
  return new AppError(ErrorCode.tooFrequent, {
    data: { retryAfter: retryAfterSeconds },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

export interface SmsCodeDeps {
  db: Database;
  sms: SmsProvider;
  /** a fixed code for local testing (SMS_FIXED_CODE); never set in production */
  fixedCode: string | undefined;
}

export async function sendCode(deps: SmsCodeDeps, mobile: string, ip: string | null) {
  const now = new Date();
  const latest = await repo.latestForMobile(deps.db, mobile);
  if (latest) {
    const waited = Math.floor((now.getTime() - latest.createdAt.getTime()) / 1000);
    if (waited < limits.smsResendSeconds) throw tooFrequent(limits.smsResendSeconds - waited);
  }
  const since = new Date(now.getTime() - dayMs);
  if ((await repo.countSince(deps.db, { mobile }, since)) >= limits.smsDailyPerPhone) {
    throw tooFrequent(3600);
  }
  if (ip && (await repo.countSince(deps.db, { ip }, since)) >= limits.smsDailyPerIp) {
    throw tooFrequent(3600);
  }

  const code = deps.fixedCode ?? String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const smsToken = crypto.randomBytes(32).toString('base64url');
  const tokenHash = sha256(smsToken);
  await repo.insertCode(deps.db, {
    tokenHash,
    mobile,
    codeHash: codeHash(smsToken, code),
    ip,
    expiresAt: new Date(now.getTime() + limits.smsCodeTtlSeconds * 1000),
    createdAt: now,
  });
  try {
    await deps.sms.sendCode(mobile, code);
  } catch (error) {
    // A code that never left may not block the next try for 60 s.
    await repo.deleteCode(deps.db, tokenHash);
    throw error;
  }
  return { smsToken, expiresIn: limits.smsCodeTtlSeconds, resendIn: limits.smsResendSeconds };
}

/** Checks a code against its smsToken and uses it up. Returns the phone it was sent to. */
export async function redeemCode(db: Database, smsToken: string, code: string): Promise<string> {
  const row = await repo.findByToken(db, sha256(smsToken));
  if (!row || row.consumedAt) throw new AppError(ErrorCode.smsCodeInvalid);
  const now = new Date();
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError(ErrorCode.codeExpired);
  if (row.tries >= limits.smsCodeMaxTries) throw new AppError(ErrorCode.codeTriesExhausted);
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(codeHash(smsToken, code), 'hex');
  if (!crypto.timingSafeEqual(expected, given)) {
    const tries = await repo.addTry(db, row.id);
    throw new AppError(
      tries >= limits.smsCodeMaxTries ? ErrorCode.codeTriesExhausted : ErrorCode.codeMismatch,
    );
  }
  if (!(await repo.consume(db, row.id, now))) throw new AppError(ErrorCode.smsCodeInvalid);
  return row.mobile;
}
