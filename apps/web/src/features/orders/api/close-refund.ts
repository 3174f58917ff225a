import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrderDetailSchema, type AdminOrderDetail } from '@library/contract';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/**
 * `POST /api/system/v1/order/{id}/refund/close {reason}` (orders:write): declines a refund →
 * refundClosed; the order and the quotas it granted stay in force.
 */
export async function closeRefund(orderId: string, reason: string): Promise<AdminOrderDetail> {
  return adminOrderDetailSchema.parse(
    await api.post<unknown>(`/system/v1/order/${encodeURIComponent(orderId)}/refund/close`, {
      reason,
    }),
  );
}

export function useCloseRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) =>
      closeRefund(orderId, reason),
    onSuccess: (order) => queryClient.setQueryData(orderKeys.adminOrder(order.orderId), order),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderKeys.admin }),
  });
}
