// `GET /api/v1/goods` read as 'is anything for sale?'. Loaded on demand by
// hooks/use-goods-for-sale.ts: the app shell asks at once, and the goods' schema would otherwise
// ride in the shell's first download of every signed-in visit.
import { goodsListResponseSchema } from '@library/contract';
import { api } from './api-client';

/** True when a goods on the price list may be ordered. */
export async function getGoodsForSale(signal?: AbortSignal): Promise<boolean> {
  // a check in the background: a failure hides the entries rather than showing a toast
  const data: unknown = await api.get('/v1/goods', { signal, silent: true });
  return goodsListResponseSchema.parse(data).list.some((goods) => goods.orderable);
}
