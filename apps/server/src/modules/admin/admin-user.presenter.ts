// What leaves the server about users in the administration: the listed user, the list, and a
// user's feature switches and quotas (what applies, and what the administrators set).
import type {
  AccountState,
  AdminUser,
  AdminUserListResponse,
  QuotaUsage,
  Quotas,
  UserPermissionResponse,
  UserQuotaResponse,
} from '@library/contract';
import type { AccountSettings } from '../account/index.js';
import { effectiveFeatures, effectiveQuotas } from '../account/index.js';
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

export function presentAdminUserList(
  rows: { user: UserRow; roles: string[]; storageBytes: number }[],
  counts: { total: number; pendingCount: number },
  query: { page: number; pageSize: number },
): AdminUserListResponse {
  return {
    list: rows.map((row) => presentAdminUser(row.user, row.roles, row.storageBytes)),
    total: counts.total,
    page: query.page,
    pageSize: query.pageSize,
    pendingCount: counts.pendingCount,
  };
}

/** The switches that apply to the user, and those the administrators set for them alone. */
export function presentUserPermission(settings: AccountSettings): UserPermissionResponse {
  return { features: effectiveFeatures(settings), overrides: settings.features };
}

/** The quotas that apply to the user, what they use, and those set for them alone. */
export function presentUserQuota(
  settings: AccountSettings,
  site: Quotas,
  usage: QuotaUsage,
): UserQuotaResponse {
  return { limits: effectiveQuotas(settings, site), usage, overrides: settings.quotas };
}
