// `GET /api/v1/goods` read as 'is anything for sale?'. Loaded on demand by
// hooks/use-goods-for-sale.ts. The answer is read by hand, not by the contract's
// `goodsListResponseSchema`: the app shell asks at once, and zod would add 26 kB of gzip to every
// signed-in first visit for one flag per goods.
import { api } from './api-client';

/** True when a goods on the price list may be ordered. */
export async function getGoodsForSale(signal?: AbortSignal): Promise<boolean> {
  // a check in the background: a failure hides the entries rather than showing a toast
  const data: unknown = await api.get('/v1/goods', { signal, silent: true });
  const list: unknown = (data as { list?: unknown } | null)?.list;
  if (!Array.isArray(list)) throw new TypeError('goods answer: no list');
  return list.some(
    (goods: unknown) => (goods as { orderable?: unknown } | null)?.orderable === true,
  );
}
