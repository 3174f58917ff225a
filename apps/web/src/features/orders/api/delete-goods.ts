import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** `DELETE /api/system/v1/goods/{id}` (orders:write): no longer listed or orderable; its orders stay. */
export async function deleteGoods(goodsId: string): Promise<void> {
  await api.delete<unknown>(`/system/v1/goods/${encodeURIComponent(goodsId)}`);
}

export function useDeleteGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goodsId: string) => deleteGoods(goodsId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
