// 'Is anything for sale?' as code outside React reads it (the quota toasts): the cached answer of
// hooks/use-goods-for-sale.ts, which the app shell asks once logged in. Kept apart from that hook
// because the toasts are wired in the first page, which must not carry the goods' schema. The key
// lives under the orders' root: the administrators' changes to the goods refresh everything
// there, so a goods put on sale shows its entries without a reload.
import { queryClient } from './query-client';

export const goodsForSaleKey = ['orders', 'goods', 'for-sale'] as const;

/** True only once the server said something is for sale; unknown counts as nothing. */
export function anythingForSale(): boolean {
  return queryClient.getQueryData<boolean>(goodsForSaleKey) === true;
}
