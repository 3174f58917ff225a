import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrderDetailSchema, type AdminOrderDetail } from '@library/contract';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** `GET /api/system/v1/order/{id}`: one order with its buyer and the payment notifications. */
export async function getAdminOrder(
  orderId: string,
  signal?: AbortSignal,
): Promise<AdminOrderDetail> {
  return adminOrderDetailSchema.parse(
    await api.get<unknown>(`/system/v1/order/${encodeURIComponent(orderId)}`, { signal }),
  );
}

export function adminOrderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderKeys.adminOrder(orderId),
    queryFn: ({ signal }) => getAdminOrder(orderId, signal),
    staleTime: 0,
  });
}

export function useAdminOrder(orderId: string | null) {
  return useQuery({ ...adminOrderQueryOptions(orderId ?? ''), enabled: orderId !== null });
}
