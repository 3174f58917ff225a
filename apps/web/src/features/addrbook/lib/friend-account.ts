// What the add-friend dialog accepts as the other person's account (the server looks it up
// exactly: a phone number, an e-mail address or the product's numeric ID) and why it refuses
// something before asking.
import { mobilePattern, type UserInfo } from '@library/contract';

export type AccountKind = 'mobile' | 'email' | 'userId';
export type AccountProblem = 'empty' | 'format' | 'self';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const userIdPattern = /^[1-9]\d{0,15}$/;

/** Spaces and dashes people type in phone numbers are dropped; e-mail is compared lower-case. */
export function normaliseAccount(value: string): string {
  const trimmed = value.trim();
  const compact = trimmed.replace(/[\s-]/g, '');
  if (/^\+?\d+$/.test(compact)) return compact;
  return trimmed;
}

export function accountKind(value: string): AccountKind | null {
  const account = normaliseAccount(value);
  if (mobilePattern.test(account)) return 'mobile';
  if (emailPattern.test(account)) return 'email';
  if (userIdPattern.test(account)) return 'userId';
  return null;
}

function bareMobile(value: string): string {
  return value.replace(/^\+?86/, '');
}

/** Whether the account names me (my ID, phone or e-mail). */
export function isOwnAccount(value: string, me: UserInfo | undefined): boolean {
  if (!me) return false;
  const account = normaliseAccount(value);
  if (account === me.userId) return true;
  if (me.mobile !== null && /^\+?\d+$/.test(account)) {
    if (bareMobile(account) === bareMobile(me.mobile)) return true;
  }
  return me.email !== null && account.toLowerCase() === me.email.toLowerCase();
}

/** Why the account cannot be asked for, or null when it can. */
export function accountProblem(value: string, me: UserInfo | undefined): AccountProblem | null {
  if (normaliseAccount(value) === '') return 'empty';
  if (accountKind(value) === null) return 'format';
  if (isOwnAccount(value, me)) return 'self';
  return null;
}
