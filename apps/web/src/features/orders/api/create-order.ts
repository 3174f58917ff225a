import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type Order, type PayType } from '@library/contract';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/**
 * `POST /api/v1/order`: an unpaid order for the goods in the caller's currency, with its QR code
 * or pay page. 601006 goods not for sale; 601001 a pay type the site does not take.
 */
export async function createOrder(goodsId: string, payType: PayType): Promise<Order> {
  return orderSchema.parse(await api.post<unknown>('/v1/order', { goodsId, payType }));
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ goodsId, payType }: { goodsId: string; payType: PayType }) =>
      createOrder(goodsId, payType),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.order(order.orderId), order);
      return queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });
}
