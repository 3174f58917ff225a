import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderSchema, type Order } from '@library/contract';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** The checkout asks for the live state this often while the order is unpaid (docs/orders.md). */
export const checkoutPollMs = 2000;

/**
 * `GET /api/v1/order/{id}`: one of my orders (someone else's is 404 + 100007). For an unpaid
 * Alipay or WeChat Pay order the server also asks the provider, so polling sees a slow payment.
 */
export async function getOrder(
  orderId: string,
  options: { signal?: AbortSignal; silent?: boolean } = {},
): Promise<Order> {
  return orderSchema.parse(
    await api.get<unknown>(`/v1/order/${encodeURIComponent(orderId)}`, options),
  );
}

/**
 * The order, polled every 2 s while it is unpaid and the tab is shown (TanStack Query pauses the
 * interval in a hidden tab and asks again when it is shown). A poll that fails says nothing — the
 * next one tries again; the first load reports its failure like any call.
 */
export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderKeys.order(orderId),
    queryFn: ({ signal, client }) =>
      getOrder(orderId, {
        signal,
        silent: client.getQueryData(orderKeys.order(orderId)) !== undefined,
      }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.state === 'unpaid' ? checkoutPollMs : false),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}
