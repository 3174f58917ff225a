// Every query key of goods and orders, under one root so a payment can refresh the lot.
import type { QueryClient } from '@tanstack/react-query';
import type { OrderState, PayType } from '@library/contract';

/** What 'my orders' asks for: a page (from 0) of one state or all. */
export interface OrderListQuery {
  page: number;
  pageSize: number;
  state?: OrderState | undefined;
}

/** The administrators' filters: words, state, pay type, creation between `from` and `to` (ISO). */
export interface AdminOrderFilter {
  keywords: string;
  state?: OrderState | undefined;
  payType?: PayType | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface AdminOrderListQuery extends AdminOrderFilter {
  page: number;
  pageSize: number;
}

export const orderKeys = {
  all: ['orders'] as const,
  goods: ['orders', 'goods'] as const,
  lists: ['orders', 'list'] as const,
  list: (query: OrderListQuery) => ['orders', 'list', query] as const,
  order: (orderId: string) => ['orders', 'order', orderId] as const,
  admin: ['orders', 'admin'] as const,
  adminLists: ['orders', 'admin', 'list'] as const,
  adminList: (query: AdminOrderListQuery) => ['orders', 'admin', 'list', query] as const,
  adminOrder: (orderId: string) => ['orders', 'admin', 'order', orderId] as const,
  adminGoods: ['orders', 'admin', 'goods'] as const,
};

/**
 * After a move on an order, whatever its answer: the order and the lists ask again, so a refusal
 * for a state that changed meanwhile (e.g. cancelling an order just paid → 601007, shown by the
 * API client's toast) ends with the screen showing that state.
 */
export function refreshOrder(queryClient: QueryClient, orderId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.order(orderId) }),
    queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
  ]);
}
