import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrderListResponseSchema, type AdminOrderListResponse } from '@library/contract';
import { api } from '../../../lib/api-client';
import { orderKeys, type AdminOrderFilter, type AdminOrderListQuery } from './keys';

/** The filters as query parameters (empty ones left out); the export takes the same. */
export function adminOrderFilter(query: AdminOrderFilter) {
  return {
    keywords: query.keywords || undefined,
    state: query.state,
    payType: query.payType,
    from: query.from,
    to: query.to,
  };
}

/**
 * `GET /api/system/v1/order` (orders:read): one page (from 0) of every buyer's orders, searched by
 * order number, the provider's number, the goods or the buyer.
 */
export async function getAdminOrders(
  query: AdminOrderListQuery,
  signal?: AbortSignal,
): Promise<AdminOrderListResponse> {
  const data = await api.get<unknown>('/system/v1/order', {
    signal,
    query: { page: query.page, pageSize: query.pageSize, ...adminOrderFilter(query) },
  });
  return adminOrderListResponseSchema.parse(data);
}

export function adminOrdersQueryOptions(query: AdminOrderListQuery) {
  return queryOptions({
    queryKey: orderKeys.adminList(query),
    queryFn: ({ signal }) => getAdminOrders(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminOrders(query: AdminOrderListQuery) {
  return useQuery(adminOrdersQueryOptions(query));
}
