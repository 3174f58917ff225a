import { useQuery } from '@tanstack/react-query';
import {
  userPermissionResponseSchema,
  type Feature,
  type UserPermissionResponse,
} from '@library/contract';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

const path = (userId: string) => `/system/v1/users/${encodeURIComponent(userId)}/permission`;

/** `GET /api/system/v1/users/{id}/permission`: each switch as it applies, and the account's own. */
export async function getUserPermission(
  userId: string,
  signal?: AbortSignal,
): Promise<UserPermissionResponse> {
  return userPermissionResponseSchema.parse(await api.get<unknown>(path(userId), { signal }));
}

export function useUserPermission(userId: string | null) {
  return useQuery({
    queryKey: adminKeys.userPermission(userId ?? ''),
    queryFn: ({ signal }) => getUserPermission(userId ?? '', signal),
    enabled: userId !== null,
    staleTime: 0,
  });
}

/** `PUT …/permission`: the switches to set for this account alone; null = back to the roles'. */
export async function setUserPermission(
  userId: string,
  overrides: Partial<Record<Feature, boolean | null>>,
): Promise<UserPermissionResponse> {
  return userPermissionResponseSchema.parse(await api.put<unknown>(path(userId), { overrides }));
}
