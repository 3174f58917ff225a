import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminUserListResponseSchema, type AdminUserListResponse } from '@library/contract';
import { api } from '../../../lib/api-client';
import { adminKeys, type AdminUserQuery } from './admin-keys';

export type { AdminUserQuery };

/** `GET /api/system/v1/users`: one page of accounts (pages from 0) and the pending count. */
export async function getAdminUsers(
  query: AdminUserQuery,
  signal?: AbortSignal,
): Promise<AdminUserListResponse> {
  const data: unknown = await api.get('/system/v1/users', {
    signal,
    query: {
      page: query.page,
      pageSize: query.pageSize,
      keywords: query.keywords || undefined,
      state: query.state,
      role: query.role || undefined,
      sort: query.sort,
      order: query.order,
    },
  });
  return adminUserListResponseSchema.parse(data);
}

/** The page shown; the previous page stays while the next loads (no empty flash). */
export function useAdminUsers(query: AdminUserQuery) {
  return useQuery({
    queryKey: adminKeys.userList(query),
    queryFn: ({ signal }) => getAdminUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}
