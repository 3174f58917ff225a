// Whether the library sells anything: at least one goods for sale on the price list
// (GET /api/v1/goods). While nothing is — every fresh install — the ways to the price list are
// hidden (account settings' 'upgrade plan', the quota toasts' 'upgrade', the order screens'
// links): the plans page would only say that there is nothing to buy. Shared below the features
// because the account, the orders and the app shell ask.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { goodsForSaleKey } from '../lib/goods-for-sale';
import { useSessionStore } from '../stores/session-store';

export function goodsForSaleQueryOptions(loggedIn: boolean) {
  return queryOptions({
    queryKey: goodsForSaleKey,
    queryFn: ({ signal }) =>
      import('../lib/get-goods-for-sale').then((module) => module.getGoodsForSale(signal)),
    enabled: loggedIn,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: true,
  });
}

/** True once the server said something is for sale; false while unknown or nothing is. */
export function useGoodsForSale(): boolean {
  const loggedIn = useSessionStore((state) => state.token !== null);
  return useQuery(goodsForSaleQueryOptions(loggedIn)).data === true;
}
