import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type Order } from '@library/contract';
import { api } from '../../../lib/api-client';
import { orderKeys, refreshOrder } from './keys';

/**
 * `POST /api/v1/order/{id}/sandboxPay`: the sandbox checkout's one-click payment, settled as a
 * provider's notification would be. 601001 unless the sandbox is on and the order is a sandbox
 * order; 601008 once its time is up.
 */
export async function sandboxPay(orderId: string): Promise<Order> {
  return orderSchema.parse(
    await api.post<unknown>(`/v1/order/${encodeURIComponent(orderId)}/sandboxPay`),
  );
}

export function useSandboxPay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId }: { orderId: string }) => sandboxPay(orderId),
    onSuccess: (order) => queryClient.setQueryData(orderKeys.order(order.orderId), order),
    onSettled: (_order, _error, { orderId }) => void refreshOrder(queryClient, orderId),
  });
}
