import { useQuery } from '@tanstack/react-query';
import { userQuotaResponseSchema, type QuotaName, type UserQuotaResponse } from '@library/contract';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

const path = (userId: string) => `/system/v1/users/${encodeURIComponent(userId)}/quota`;

/** `GET /api/system/v1/users/{id}/quota`: limits as they apply, usage, the account's own limits. */
export async function getUserQuota(
  userId: string,
  signal?: AbortSignal,
): Promise<UserQuotaResponse> {
  return userQuotaResponseSchema.parse(await api.get<unknown>(path(userId), { signal }));
}

export function useUserQuota(userId: string | null) {
  return useQuery({
    queryKey: adminKeys.userQuota(userId ?? ''),
    queryFn: ({ signal }) => getUserQuota(userId ?? '', signal),
    enabled: userId !== null,
    staleTime: 0,
  });
}

/** `PUT …/quota`: this account's own limits; null = back to the site's. */
export async function setUserQuota(
  userId: string,
  overrides: Partial<Record<QuotaName, number | null>>,
): Promise<UserQuotaResponse> {
  return userQuotaResponseSchema.parse(await api.put<unknown>(path(userId), { overrides }));
}
