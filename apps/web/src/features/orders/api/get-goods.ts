import { queryOptions, useQuery } from '@tanstack/react-query';
import { goodsListResponseSchema, type GoodsListResponse } from '@library/contract';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/**
 * `GET /api/v1/goods`: the price list in the caller's currency (their locale's, spec §9) and the
 * pay types this site takes in it.
 */
export async function getGoods(signal?: AbortSignal): Promise<GoodsListResponse> {
  return goodsListResponseSchema.parse(await api.get<unknown>('/v1/goods', { signal }));
}

/** Keyed by language: another language is another currency. */
export function goodsQueryOptions(locale: string) {
  return queryOptions({
    queryKey: [...orderKeys.goods, locale],
    queryFn: ({ signal }) => getGoods(signal),
    select: (data) => ({ ...data, list: [...data.list].sort((a, b) => a.sort - b.sort) }),
  });
}

export function useGoods(locale: string) {
  return useQuery(goodsQueryOptions(locale));
}
