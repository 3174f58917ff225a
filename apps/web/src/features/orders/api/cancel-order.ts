import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type Order } from '@library/contract';
import { api } from '../../../lib/api-client';
import { orderKeys, refreshOrder } from './keys';

/** `POST /api/v1/order/{id}/cancel`: unpaid → revoked; another state answers its code. */
export async function cancelOrder(orderId: string): Promise<Order> {
  return orderSchema.parse(
    await api.post<unknown>(`/v1/order/${encodeURIComponent(orderId)}/cancel`),
  );
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId }: { orderId: string }) => cancelOrder(orderId),
    onSuccess: (order) => queryClient.setQueryData(orderKeys.order(order.orderId), order),
    onSettled: (_order, _error, { orderId }) => void refreshOrder(queryClient, orderId),
  });
}
