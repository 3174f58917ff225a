// What leaves the server about goods and orders: prices per currency, the order with its term
// and what the caller may do with it now (from the state table, so the web never re-derives it).
import type {
  AdminGoods,
  AdminOrder,
  Goods,
  GoodsQuotas,
  Order,
  PaymentNotification,
} from '@library/contract';
import type { GoodsRow, GrantRow, OrderRow } from './order.repo.js';
import { allows } from './order.states.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentGoods(row: GoodsRow): Goods {
  return {
    goodsId: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    prices: { CNY: row.priceCny, USD: row.priceUsd },
    quotas: row.quotas as GoodsQuotas,
    termDays: row.termDays,
    orderable: row.orderable,
    sort: row.sort,
  };
}

export function presentAdminGoods(row: GoodsRow, orderCount: number): AdminGoods {
  return {
    ...presentGoods(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    orderCount,
  };
}

export function presentOrder(row: OrderRow, grant: GrantRow | undefined, now = new Date()): Order {
  const unpaid = row.state === 'unpaid';
  return {
    orderId: row.id,
    orderNo: row.orderNo,
    state: row.state,
    goodsId: row.goodsId,
    goodsName: row.goodsName,
    kind: row.goodsKind,
    quotas: row.quotas as GoodsQuotas,
    termDays: row.termDays,
    amount: row.amount,
    currency: row.currency,
    payType: row.payType,
    // the way to pay is shown only while paying is possible
    payUrl: unpaid ? row.payUrl : null,
    qrCode: unpaid ? row.qrCode : null,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    validFrom: iso(grant?.startsAt ?? null),
    validUntil: iso(grant ? (grant.endedAt ?? grant.endsAt) : null),
    refundReason: row.refundReason,
    refundRequestedAt: iso(row.refundRequestedAt),
    refundedAt: iso(row.refundedAt),
    refundClosedAt: iso(row.refundClosedAt),
    refundCloseReason: row.refundCloseReason,
    closedAt: iso(row.closedAt),
    abilities: {
      canPay: allows('pay', row.state) && row.expiresAt > now,
      canCancel: allows('cancel', row.state),
      canRefund: allows('requestRefund', row.state),
    },
  };
}

export function presentAdminOrder(
  row: OrderRow,
  buyer: { userId: number; nickname: string; mobile: string | null; email: string | null },
  grant: GrantRow | undefined,
): AdminOrder {
  return {
    ...presentOrder(row, grant),
    buyer: { ...buyer, userId: String(buyer.userId) },
    providerTradeNo: row.providerTradeNo,
    adminAbilities: {
      canRefund: allows('requestRefund', row.state) || allows('completeRefund', row.state),
      canCloseRefund: allows('closeRefund', row.state),
    },
  };
}

export function presentNotification(row: {
  provider: PaymentNotification['provider'];
  outcome: PaymentNotification['outcome'];
  amount: number | null;
  currency: string | null;
  providerTradeNo: string | null;
  receivedAt: Date;
}): PaymentNotification {
  return {
    provider: row.provider,
    outcome: row.outcome,
    amount: row.amount,
    currency: row.currency,
    providerTradeNo: row.providerTradeNo,
    receivedAt: row.receivedAt.toISOString(),
  };
}
