// Query keys of the administration (/sys/users, /sys/permission).
import type { AccountState, adminUserSortFields } from '@library/contract';

/** What the users grid asks for. */
export interface AdminUserQuery {
  /** from 0 */
  page: number;
  pageSize: number;
  keywords: string;
  state?: AccountState | undefined;
  role?: string | undefined;
  sort: (typeof adminUserSortFields)[number];
  order: 'asc' | 'desc';
}

export const adminKeys = {
  all: ['system', 'admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (query: AdminUserQuery) => [...adminKeys.users(), 'list', query] as const,
  userPermission: (userId: string) => [...adminKeys.users(), userId, 'permission'] as const,
  userQuota: (userId: string) => [...adminKeys.users(), userId, 'quota'] as const,
  roles: () => [...adminKeys.all, 'roles'] as const,
  resources: () => [...adminKeys.all, 'resources'] as const,
};
