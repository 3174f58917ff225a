// Money moving: a payment settles an order once (whatever reports it — a provider's signed
// notification, a query, the sandbox's click — and however many times), refunds end the quota
// grant, notifications are verified before anything is read from them, and unpaid orders expire.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, minorUnitsToDecimal, type PayType } from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { Job, type PayloadOf } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob, type JobContext } from '../../infra/jobs/job-queue.js';
import type { PaymentProviders } from '../../infra/payment/payment.js';
import {
  PaymentProviderError,
  PaymentSignatureError,
  type IncomingNotification,
  type NotificationAnswer,
  type PaymentProvider,
} from '../../infra/payment/payment-provider.js';
import { notifyPeople, orderPath } from '../notification/index.js';
import * as repo from './order.repo.js';
import { refusal } from './order.states.js';

export interface OrderDeps {
  db: Database;
  providers: PaymentProviders;
  /** an unpaid order expires after this many minutes */
  expireMinutes: number;
  log: FastifyBaseLogger;
}

/** A provider that could not be reached or refused: 502, the order unchanged. */
export function providerFailure(error: unknown): AppError {
  if (error instanceof PaymentSignatureError) {
    return new AppError(ErrorCode.signatureFailed, { status: 502, detail: error.message });
  }
  if (error instanceof PaymentProviderError) {
    return new AppError(ErrorCode.serverError, { status: 502, detail: error.message });
  }
  throw error;
}

/** The provider of an order's pay type, while it is switched on (601001 otherwise). */
export function providerOf(deps: OrderDeps, payType: PayType): PaymentProvider {
  const provider = deps.providers.get(payType);
  if (!provider) throw new AppError(ErrorCode.payTypeUnsupported, { detail: payType });
  return provider;
}

const amountText = (order: repo.OrderRow) =>
  `${order.currency === 'USD' ? '$' : '¥'}${minorUnitsToDecimal(order.amount)}`;

/**
 * Tells the buyer (an `order` notification, from nobody: the system) in the transaction that
 * moved the order, so a report settled twice tells once.
 */
function tellBuyer(tx: Executor, order: repo.OrderRow, event: 'orderPaid' | 'orderRefunded') {
  return notifyPeople(tx, [
    {
      userId: order.userId,
      type: 'order',
      event,
      actorId: null,
      title: order.goodsName,
      excerpt: amountText(order),
      link: orderPath(order.id),
    },
  ]);
}

/** What says an order was paid. */
export interface PaymentFacts {
  provider: PayType;
  orderNo: string;
  amount: number;
  currency: string;
  providerTradeNo: string | null;
  eventId: string | null;
  merchantOk: boolean;
  detail: Record<string, unknown>;
  /** the sandbox's click: refused once the order's time is up (a provider would have closed it) */
  beforeExpiry?: boolean;
  /** keep a row in payment_notifications for this report (not for the sandbox's click) */
  record: boolean;
}

export type Settlement = {
  /** paid: this report paid it; duplicate: paid before; late: the order had closed */
  outcome: 'paid' | 'duplicate' | 'late';
  order: repo.OrderRow;
};

/**
 * Settles a payment once: the order moves unpaid → paid by a conditional update and the buyer's
 * quota grant is written in the same transaction, so of any number of racing reports exactly one
 * pays. A report for another amount, currency, provider or merchant changes nothing (601000).
 */
export async function settlePayment(deps: OrderDeps, facts: PaymentFacts): Promise<Settlement> {
  const { db, log } = deps;
  const order = await repo.findOrderByNo(db, facts.orderNo);
  if (!order) throw new AppError(ErrorCode.dataMissing, { detail: `order ${facts.orderNo}` });
  if (
    order.payType !== facts.provider ||
    !facts.merchantOk ||
    facts.amount !== order.amount ||
    facts.currency !== order.currency
  ) {
    log.error(
      {
        orderNo: order.orderNo,
        provider: facts.provider,
        amount: facts.amount,
        currency: facts.currency,
        merchantOk: facts.merchantOk,
      },
      'payment report does not match its order (amount, currency, provider or merchant): nothing changed',
    );
    throw new AppError(ErrorCode.orderStateMismatch, { detail: 'amount, currency or merchant' });
  }
  return db.transaction(async (tx) => {
    const record = (outcome: 'paid' | 'duplicate' | 'late') =>
      facts.record
        ? repo.recordNotification(tx, {
            provider: facts.provider,
            orderId: order.id,
            eventId: facts.eventId,
            providerTradeNo: facts.providerTradeNo,
            amount: facts.amount,
            currency: facts.currency,
            outcome,
            detail: facts.detail,
          })
        : undefined;
    const paid = await repo.moveOrder(
      tx,
      order.id,
      'pay',
      { paidAt: new Date(), providerTradeNo: facts.providerTradeNo },
      facts.beforeExpiry ? sql`expires_at > now()` : undefined,
    );
    if (paid) {
      await repo.insertGrant(tx, paid);
      await record('paid');
      await tellBuyer(tx, paid, 'orderPaid');
      return { outcome: 'paid', order: paid };
    }
    const current = (await repo.findOrder(tx, order.id)) ?? order;
    const closed = current.state === 'expired' || current.state === 'revoked';
    if (closed && facts.record) {
      // the money arrived for an order that no longer stands: nothing is granted; the operator
      // refunds it through the provider (docs/orders.md)
      log.warn(
        { orderNo: order.orderNo, provider: facts.provider, state: current.state },
        'payment for an order that has expired or was cancelled: nothing granted, refund it through the provider',
      );
    }
    const outcome = closed || current.state === 'unpaid' ? 'late' : 'duplicate';
    await record(outcome);
    return { outcome, order: current };
  });
}

/** refunding → refundCompleted, ending the grant; false when it was not refunding. */
export async function completeRefund(
  deps: OrderDeps,
  orderId: string,
  via?: { provider: PayType; eventId: string | null; detail: Record<string, unknown> },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const done = await repo.moveOrder(tx, orderId, 'completeRefund', { refundedAt: new Date() });
    if (done) {
      await repo.endGrant(tx, orderId);
      await tellBuyer(tx, done, 'orderRefunded');
    }
    if (via) {
      await repo.recordNotification(tx, {
        provider: via.provider,
        orderId,
        eventId: via.eventId,
        providerTradeNo: done?.providerTradeNo ?? null,
        amount: done?.amount ?? null,
        currency: done?.currency ?? null,
        outcome: done ? 'refunded' : 'duplicate',
        detail: via.detail,
      });
    }
    return done !== undefined;
  });
}

/**
 * Refunds an order through its provider: a paid order first moves to refunding, then the money
 * goes back and the order completes (a WeChat Pay refund still processing completes later, by
 * its notification or the `order.check-refund` job). A provider failure leaves it refunding.
 */
export async function refundThroughProvider(deps: OrderDeps, orderId: string, reason: string) {
  const { db } = deps;
  let order = await repo.findOrder(db, orderId);
  if (!order) throw new AppError(ErrorCode.dataMissing);
  if (order.state === 'paid') {
    const moved = await repo.moveOrder(db, orderId, 'requestRefund', {
      refundRequestedAt: new Date(),
      refundReason: reason || order.refundReason,
    });
    if (!moved) throw refusal((await repo.findOrder(db, orderId))?.state ?? order.state);
    order = moved;
  } else if (order.state !== 'refunding') {
    throw refusal(order.state);
  }
  const provider = providerOf(deps, order.payType);
  let result;
  try {
    result = await provider.refund({
      orderNo: order.orderNo,
      amount: order.amount,
      currency: order.currency,
      reason: reason || order.refundReason || '',
    });
  } catch (error) {
    throw providerFailure(error);
  }
  if (result.state === 'success') {
    await completeRefund(deps, orderId);
  } else if (result.state === 'processing') {
    await enqueueJob(
      db,
      Job.checkRefund,
      { orderId },
      { key: orderId, delayMs: 60_000, maxAttempts: 10 },
    );
  } else {
    throw new AppError(ErrorCode.serverError, {
      status: 502,
      detail: 'the payment provider refused the refund',
    });
  }
  return (await repo.findOrder(db, orderId))!;
}

/** A notification from `payType`'s provider: verified first, then acted on once. */
export async function receiveNotification(
  deps: OrderDeps,
  payType: PayType,
  incoming: IncomingNotification,
): Promise<NotificationAnswer> {
  const provider = deps.providers.get(payType);
  if (!provider || payType === 'sandbox') {
    throw new AppError(ErrorCode.payTypeUnsupported, { detail: payType });
  }
  let facts;
  try {
    facts = provider.verifyNotification(incoming);
  } catch (error) {
    if (error instanceof PaymentSignatureError) {
      deps.log.warn({ provider: payType, reason: error.message }, 'payment notification refused');
      throw new AppError(ErrorCode.signatureFailed);
    }
    if (error instanceof PaymentProviderError) {
      throw new AppError(ErrorCode.paramError, { detail: error.message });
    }
    throw error;
  }
  if (facts.kind === 'payment') {
    if (facts.paid) {
      await settlePayment(deps, {
        provider: payType,
        orderNo: facts.orderNo,
        amount: facts.amount,
        currency: facts.currency,
        providerTradeNo: facts.providerTradeNo,
        eventId: facts.eventId,
        merchantOk: facts.merchantOk,
        detail: facts.detail,
        record: true,
      });
    } else {
      const order = await repo.findOrderByNo(deps.db, facts.orderNo);
      await repo.recordNotification(deps.db, {
        provider: payType,
        orderId: order?.id ?? null,
        eventId: facts.eventId,
        providerTradeNo: facts.providerTradeNo,
        amount: facts.amount,
        currency: facts.currency,
        outcome: 'ignored',
        detail: facts.detail,
      });
    }
  } else if (facts.kind === 'refund') {
    const order = await repo.findOrderByNo(deps.db, facts.orderNo);
    if (!order) throw new AppError(ErrorCode.dataMissing, { detail: `order ${facts.orderNo}` });
    if (!facts.merchantOk || order.payType !== payType) {
      throw new AppError(ErrorCode.orderStateMismatch, { detail: 'merchant or provider' });
    }
    if (facts.succeeded) {
      await completeRefund(deps, order.id, {
        provider: payType,
        eventId: facts.eventId,
        detail: facts.detail,
      });
    }
  }
  return provider.accepted;
}

/**
 * Asks the provider how an unpaid order stands and settles it when it was paid (a notification
 * that never came). Failures are the caller's to weigh: the poll ignores them, expiry retries.
 */
export async function settleFromProvider(deps: OrderDeps, order: repo.OrderRow) {
  const provider = providerOf(deps, order.payType);
  const status = await provider.status(order.orderNo);
  if (status.state !== 'paid') return status.state;
  await settlePayment(deps, {
    provider: order.payType,
    orderNo: order.orderNo,
    amount: status.amount ?? -1,
    currency: status.currency ?? '',
    providerTradeNo: status.providerTradeNo,
    eventId: null,
    merchantOk: true,
    detail: { source: 'query' },
    record: true,
  });
  return 'paid';
}

/** `order.expire`: once more asks the provider (a payment whose notification was lost), else expires. */
export function expireOrderHandler(deps: OrderDeps) {
  return async ({ orderId }: PayloadOf<typeof Job.expireOrder>, context: JobContext) => {
    const order = await repo.findOrder(deps.db, orderId);
    if (!order || order.state !== 'unpaid') return;
    if (order.payType !== 'sandbox' && deps.providers.has(order.payType)) {
      try {
        if ((await settleFromProvider(deps, order)) === 'paid') return;
      } catch (error) {
        // the provider is away: try again (the job backs off) before giving up on asking
        if (context.attempt < 3 && !(error instanceof AppError)) throw error;
        deps.log.warn(
          { err: error, orderNo: order.orderNo },
          'could not ask the provider before expiring the order; a later payment is recorded as late',
        );
      }
    }
    await repo.moveOrder(deps.db, orderId, 'expire', { closedAt: new Date() });
  };
}

/** `order.check-refund`: a refund the provider was still processing. */
export function checkRefundHandler(deps: OrderDeps) {
  return async ({ orderId }: PayloadOf<typeof Job.checkRefund>) => {
    const order = await repo.findOrder(deps.db, orderId);
    if (!order || order.state !== 'refunding') return;
    const result = await providerOf(deps, order.payType).refundStatus(order.orderNo);
    if (result.state === 'success') await completeRefund(deps, orderId);
    else if (result.state === 'processing') throw new Error('the refund is still processing');
    else deps.log.error({ orderNo: order.orderNo }, 'the provider did not complete the refund');
  };
}
