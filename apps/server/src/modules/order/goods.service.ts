// Goods: the price list buyers see (in their locale's currency, with the pay types that take it)
// and the administrators' keeping of plans and add-ons.
import {
  currencyOf,
  ErrorCode,
  payTypes,
  type goodsRequestSchema,
  type GoodsListResponse,
  type Locale,
} from '@library/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { PaymentProviders } from '../../infra/payment/payment.js';
import { presentAdminGoods, presentAdminGoodsList, presentPriceList } from './order.presenter.js';
import * as repo from './order.repo.js';

export async function priceList(
  db: Executor,
  providers: PaymentProviders,
  locale: Locale,
): Promise<GoodsListResponse> {
  const currency = currencyOf(locale);
  return presentPriceList(
    await repo.listLiveGoods(db),
    currency,
    payTypes.filter((type) => providers.get(type)?.currencies.includes(currency)),
  );
}

export async function listGoodsForAdmin(db: Executor) {
  return presentAdminGoodsList(await repo.listGoodsWithOrderCounts(db));
}

type GoodsBody = z.output<typeof goodsRequestSchema>;

function fieldsOf(parsed: GoodsBody) {
  return {
    name: parsed.name,
    description: parsed.description,
    kind: parsed.kind,
    priceCny: parsed.prices.CNY,
    priceUsd: parsed.prices.USD,
    quotas: parsed.quotas as Record<string, number>,
    termDays: parsed.termDays,
    orderable: parsed.orderable,
    sort: parsed.sort,
  };
}

export async function createGoods(db: Executor, body: GoodsBody) {
  return presentAdminGoods(await repo.insertGoods(db, fieldsOf(body)), 0);
}

/** Replaces a goods' fields; orders placed before keep what they bought. */
export async function updateGoods(db: Executor, goodsId: string, body: GoodsBody) {
  const row = await repo.updateGoods(db, goodsId, fieldsOf(body));
  if (!row) throw new AppError(ErrorCode.dataMissing);
  return presentAdminGoods(row, await repo.countOrdersOf(db, goodsId));
}

export async function deleteGoods(db: Executor, goodsId: string) {
  if (!(await repo.deleteGoods(db, goodsId))) throw new AppError(ErrorCode.dataMissing);
}
