// A buyer's orders: placing one (the price and currency fixed then, the provider's QR code or
// page, an expiry job), reading them (an unpaid one asks its provider now and then, so the
// checkout turns to paid even when a notification is slow), cancelling, asking for a refund, and
// the sandbox's one-click payment. Someone else's order is missing (404).
import { randomUUID } from 'node:crypto';
import {
  currencyOf,
  ErrorCode,
  payTypes,
  type CreateOrderRequest,
  type Locale,
  type OrderListResponse,
  type OrderState,
  type PayType,
} from '@library/contract';
import { AppError } from '../../http/app-error.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import { ownsOrder } from './order.policy.js';
import { presentOrder } from './order.presenter.js';
import * as repo from './order.repo.js';
import { refusal } from './order.states.js';
import {
  providerFailure,
  providerOf,
  settleFromProvider,
  settlePayment,
  type OrderDeps,
} from './payment.service.js';

/** how often a polled unpaid order asks its provider */
const queryIntervalMs = 5000;

function isPayType(value: string): value is PayType {
  return (payTypes as readonly string[]).includes(value);
}

export async function createOrder(
  deps: OrderDeps,
  userId: number,
  locale: Locale,
  body: CreateOrderRequest,
) {
  const { db } = deps;
  if (!isPayType(body.payType)) {
    throw new AppError(ErrorCode.payTypeUnsupported, { detail: body.payType });
  }
  const provider = providerOf(deps, body.payType);
  const goods = await repo.findLiveGoods(db, body.goodsId);
  if (!goods) throw new AppError(ErrorCode.dataMissing);
  const currency = currencyOf(locale);
  const amount = currency === 'CNY' ? goods.priceCny : goods.priceUsd;
  if (!goods.orderable || amount < 1) throw new AppError(ErrorCode.personalGoodsNotOrderable);
  if (!provider.currencies.includes(currency)) {
    throw new AppError(ErrorCode.payTypeUnsupported, {
      detail: `${body.payType} takes ${provider.currencies.join(', ')}`,
    });
  }
  const orderNo = randomUUID().replaceAll('-', '');
  const delayMs = deps.expireMinutes * 60_000;
  const expiresAt = new Date(Date.now() + delayMs);
  // the provider first: nothing is stored when it cannot start the payment
  let started;
  try {
    started = await provider.start({ orderNo, amount, currency, subject: goods.name, expiresAt });
  } catch (error) {
    throw providerFailure(error);
  }
  const order = await db.transaction(async (tx) => {
    const row = await repo.insertOrder(tx, {
      orderNo,
      userId,
      goodsId: goods.id,
      goodsName: goods.name,
      goodsKind: goods.kind,
      quotas: goods.quotas,
      termDays: goods.termDays,
      amount,
      currency,
      payType: body.payType as PayType,
      payUrl: started.payUrl,
      qrCode: started.qrCode,
      expiresAt,
    });
    await enqueueJob(tx, Job.expireOrder, { orderId: row.id }, { delayMs });
    return row;
  });
  return presentOrder(order, undefined);
}

/** The caller's own order (404 for anyone else's). */
async function ownOrder(deps: OrderDeps, userId: number, orderId: string) {
  const order = await repo.findOrder(deps.db, orderId);
  if (!order || !ownsOrder(userId, order)) throw new AppError(ErrorCode.dataMissing);
  return order;
}

async function withGrant(deps: OrderDeps, order: repo.OrderRow) {
  return presentOrder(order, (await repo.grantsOf(deps.db, [order.id])).get(order.id));
}

export async function listOrders(
  deps: OrderDeps,
  userId: number,
  query: { page: number; pageSize: number; state?: OrderState },
): Promise<OrderListResponse> {
  const { rows, total } = await repo.listOrdersOf(deps.db, userId, query);
  const grants = await repo.grantsOf(
    deps.db,
    rows.map((row) => row.id),
  );
  return {
    list: rows.map((row) => presentOrder(row, grants.get(row.id))),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getOrder(deps: OrderDeps, userId: number, orderId: string) {
  let order = await ownOrder(deps, userId, orderId);
  if (
    order.state === 'unpaid' &&
    order.payType !== 'sandbox' &&
    deps.providers.has(order.payType) &&
    (await repo.claimQuery(deps.db, order.id, queryIntervalMs))
  ) {
    try {
      if ((await settleFromProvider(deps, order)) === 'paid') {
        order = (await repo.findOrder(deps.db, orderId)) ?? order;
      }
    } catch (error) {
      deps.log.warn({ err: error, orderNo: order.orderNo }, 'payment status query failed');
    }
  }
  return withGrant(deps, order);
}

/** unpaid → revoked. */
export async function cancelOrder(deps: OrderDeps, userId: number, orderId: string) {
  const order = await ownOrder(deps, userId, orderId);
  const moved = await repo.moveOrder(deps.db, order.id, 'cancel', { closedAt: new Date() });
  if (!moved) throw refusal((await repo.findOrder(deps.db, order.id))?.state ?? order.state);
  return withGrant(deps, moved);
}

/** paid → refunding; an administrator then refunds it or closes the request. */
export async function requestRefund(
  deps: OrderDeps,
  userId: number,
  orderId: string,
  reason: string,
) {
  const order = await ownOrder(deps, userId, orderId);
  const moved = await repo.moveOrder(deps.db, order.id, 'requestRefund', {
    refundRequestedAt: new Date(),
    refundReason: reason,
  });
  if (!moved) throw refusal((await repo.findOrder(deps.db, order.id))?.state ?? order.state);
  return withGrant(deps, moved);
}

/** The sandbox's 'pay' button: settles the order as a provider's notification would. */
export async function sandboxPay(deps: OrderDeps, userId: number, orderId: string) {
  if (!deps.providers.has('sandbox')) {
    throw new AppError(ErrorCode.payTypeUnsupported, { detail: 'the sandbox is off' });
  }
  const order = await ownOrder(deps, userId, orderId);
  if (order.payType !== 'sandbox') {
    throw new AppError(ErrorCode.payTypeUnsupported, { detail: `a ${order.payType} order` });
  }
  const settled = await settlePayment(deps, {
    provider: 'sandbox',
    orderNo: order.orderNo,
    amount: order.amount,
    currency: order.currency,
    providerTradeNo: `sandbox-${order.orderNo}`,
    eventId: null,
    merchantOk: true,
    detail: {},
    beforeExpiry: true,
    record: false,
  });
  if (settled.outcome !== 'paid') {
    // still unpaid here means its time is up (the expiry job has not run yet)
    throw settled.order.state === 'unpaid'
      ? new AppError(ErrorCode.orderExpired)
      : refusal(settled.order.state);
  }
  return withGrant(deps, settled.order);
}
