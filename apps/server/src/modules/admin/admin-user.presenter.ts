import type { AccountState, AdminUser } from '@library/contract';
import { avatarPath } from '../user/index.js';
import type { UserRow } from '../../db/schema/index.js';

/** An account's state as administrators name it: 'active' is `normal`. */
export function accountState(status: UserRow['status']): AccountState {
  return status === 'active' ? 'normal' : status;
}

/** A user as the administration lists them. */
export function presentAdminUser(user: UserRow, roles: string[], storageBytes: number): AdminUser {
  return {
    userId: String(user.id),
    nickname: user.nickname,
    avatar: avatarPath(user),
    mobile: user.mobile,
    email: user.email,
    state: accountState(user.status),
    roles,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    storageBytes,
  };
}
