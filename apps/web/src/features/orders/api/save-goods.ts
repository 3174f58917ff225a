import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminGoodsSchema, type AdminGoods, type GoodsRequest } from '@library/contract';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/**
 * `POST /api/system/v1/goods` (a new goods) or `PUT /api/system/v1/goods/{id}` (replacing one;
 * orders placed before keep what they bought), orders:write. A goods for sale needs a price of at
 * least 1 in each currency (else 100002).
 */
export async function saveGoods(goodsId: string | null, body: GoodsRequest): Promise<AdminGoods> {
  const data = goodsId
    ? await api.put<unknown>(`/system/v1/goods/${encodeURIComponent(goodsId)}`, body)
    : await api.post<unknown>('/system/v1/goods', body);
  return adminGoodsSchema.parse(data);
}

export function useSaveGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ goodsId, body }: { goodsId: string | null; body: GoodsRequest }) =>
      saveGoods(goodsId, body),
    // the administrators' list and every price list
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
