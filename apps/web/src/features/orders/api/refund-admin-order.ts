import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrderDetailSchema, type AdminOrderDetail } from '@library/contract';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/**
 * `POST /api/system/v1/order/{id}/refund {reason}` (orders:write): refunds a paid or refunding
 * order in full through its provider → refundCompleted (or still refunding while WeChat Pay is
 * processing it); 502 with the provider's message when it refuses.
 */
export async function refundAdminOrder(orderId: string, reason: string): Promise<AdminOrderDetail> {
  return adminOrderDetailSchema.parse(
    await api.post<unknown>(`/system/v1/order/${encodeURIComponent(orderId)}/refund`, { reason }),
  );
}

export function useRefundAdminOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) =>
      refundAdminOrder(orderId, reason),
    onSuccess: (order) => queryClient.setQueryData(orderKeys.adminOrder(order.orderId), order),
    // a refusal names the state it found: the grid shows it after the toast
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderKeys.admin }),
  });
}
