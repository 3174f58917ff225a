import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminGoodsListResponseSchema, type AdminGoods } from '@library/contract';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** `GET /api/system/v1/goods` (orders:read): every goods not deleted, for sale or not. */
export async function getAdminGoods(signal?: AbortSignal): Promise<{ list: AdminGoods[] }> {
  return adminGoodsListResponseSchema.parse(await api.get<unknown>('/system/v1/goods', { signal }));
}

export function adminGoodsQueryOptions() {
  return queryOptions({
    queryKey: orderKeys.adminGoods,
    queryFn: ({ signal }) => getAdminGoods(signal),
    select: (data) => [...data.list].sort((a, b) => a.sort - b.sort),
    staleTime: 0,
  });
}

export function useAdminGoods(enabled = true) {
  return useQuery({ ...adminGoodsQueryOptions(), enabled });
}
