import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { orderListResponseSchema, type OrderListResponse } from '@library/contract';
import { api } from '../../../lib/api-client';
import { orderKeys, type OrderListQuery } from './keys';

/** `GET /api/v1/order`: one page (from 0) of my orders, newest first, of one state or all. */
export async function getOrders(
  query: OrderListQuery,
  signal?: AbortSignal,
): Promise<OrderListResponse> {
  const data = await api.get<unknown>('/v1/order', {
    signal,
    query: { page: query.page, pageSize: query.pageSize, state: query.state },
  });
  return orderListResponseSchema.parse(data);
}

export function ordersQueryOptions(query: OrderListQuery) {
  return queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => getOrders(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useOrders(query: OrderListQuery) {
  return useQuery(ordersQueryOptions(query));
}
