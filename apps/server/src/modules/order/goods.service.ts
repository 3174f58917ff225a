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
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/index.js';
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

/** Who keeps the goods: the administrator and their request's address (for the audit log). */
export interface GoodsActor {
  id: number;
  address: string | null;
}

const goodsAudit = (
  tx: Executor,
  actor: GoodsActor,
  action: 'goods.create' | 'goods.update' | 'goods.delete',
  goodsId: string,
  change: { before?: unknown; after?: unknown },
) =>
  recordAudit(tx, {
    actorId: actor.id,
    action,
    targetType: 'goods',
    targetId: goodsId,
    ...change,
    address: actor.address,
  });

export async function createGoods(db: Database, actor: GoodsActor, body: GoodsBody) {
  const row = await db.transaction(async (tx) => {
    const made = await repo.insertGoods(tx, fieldsOf(body));
    await goodsAudit(tx, actor, 'goods.create', made.id, { after: made });
    return made;
  });
  return presentAdminGoods(row, 0);
}

/** Replaces a goods' fields; orders placed before keep what they bought. */
export async function updateGoods(
  db: Database,
  actor: GoodsActor,
  goodsId: string,
  body: GoodsBody,
) {
  const row = await db.transaction(async (tx) => {
    const before = await repo.findLiveGoods(tx, goodsId);
    const changed = await repo.updateGoods(tx, goodsId, fieldsOf(body));
    if (!changed) throw new AppError(ErrorCode.dataMissing);
    await goodsAudit(tx, actor, 'goods.update', goodsId, { before, after: changed });
    return changed;
  });
  return presentAdminGoods(row, await repo.countOrdersOf(db, goodsId));
}

export async function deleteGoods(db: Database, actor: GoodsActor, goodsId: string) {
  await db.transaction(async (tx) => {
    const before = await repo.findLiveGoods(tx, goodsId);
    if (!(await repo.deleteGoods(tx, goodsId))) throw new AppError(ErrorCode.dataMissing);
    await goodsAudit(tx, actor, 'goods.delete', goodsId, { before });
  });
}
