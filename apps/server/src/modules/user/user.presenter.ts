import type { UserInfo } from '@library/contract';
import type { UserRow } from '../../db/schema/index.js';

/** Root-relative path of a user's avatar; the web adds the /api prefix (spec §7). */
export function avatarPath(user: Pick<UserRow, 'id' | 'avatarKey'>): string | null {
  if (!user.avatarKey) return null;
  return `/v1/user/avatar/${user.id}?v=${user.avatarKey.slice(0, 8)}`;
}

/** What a user sees of their own account. */
export function presentUser(user: UserRow): UserInfo {
  return {
    userId: String(user.id),
    nickname: user.nickname,
    avatar: avatarPath(user),
    mobile: user.mobile,
    email: user.email,
    status: user.status,
    hasPassword: user.passwordHash !== null,
    createdAt: user.createdAt.toISOString(),
  };
}
