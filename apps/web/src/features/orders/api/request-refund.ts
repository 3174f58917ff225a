import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type Order } from '@library/contract';
import { api } from '../../../lib/api-client';
import { orderKeys, refreshOrder } from './keys';

/**
 * `POST /api/v1/order/{id}/refund {reason}`: paid → refunding (≤ 500 characters of reason); an
 * administrator then refunds or declines it.
 */
export async function requestRefund(orderId: string, reason: string): Promise<Order> {
  return orderSchema.parse(
    await api.post<unknown>(`/v1/order/${encodeURIComponent(orderId)}/refund`, { reason }),
  );
}

export function useRequestRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) =>
      requestRefund(orderId, reason),
    onSuccess: (order) => queryClient.setQueryData(orderKeys.order(order.orderId), order),
    onSettled: (_order, _error, { orderId }) => void refreshOrder(queryClient, orderId),
  });
}
