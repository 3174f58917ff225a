import { useQuery } from '@tanstack/react-query';
import { myQuotaResponseSchema, type MyQuotaResponse } from '@library/contract';
import { api } from '../../../lib/api-client';

export const myQuotaQueryKey = ['account', 'quota'] as const;

/** `GET /api/v1/user/quota`: the caller's limits and what is used of them. */
export async function getMyQuota(signal?: AbortSignal): Promise<MyQuotaResponse> {
  return myQuotaResponseSchema.parse(await api.get<unknown>('/v1/user/quota', { signal }));
}

export function useMyQuota() {
  return useQuery({
    queryKey: myQuotaQueryKey,
    queryFn: ({ signal }) => getMyQuota(signal),
    staleTime: 0,
  });
}
