// What leaves the server about goods and orders: prices per currency, the order with its term
// and what the caller may do with it now (from the state table, so the web never re-derives it).
import type {
  AdminGoods,
  AdminOrder,
  AdminOrderDetail,
  AdminOrderListResponse,
  Currency,
  Goods,
  GoodsListResponse,
  GoodsQuotas,
  Order,
  PaymentNotification,
  PayType,
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

/** The price list in one currency, with the pay types that take it. */
export function presentPriceList(
  rows: GoodsRow[],
  currency: Currency,
  payTypes: PayType[],
): GoodsListResponse {
  return { list: rows.map(presentGoods), currency, payTypes };
}

export function presentAdminGoods(row: GoodsRow, orderCount: number): AdminGoods {
  return {
    ...presentGoods(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    orderCount,
  };
}

export function presentAdminGoodsList(rows: { goods: GoodsRow; orderCount: number }[]) {
  return { list: rows.map((row) => presentAdminGoods(row.goods, row.orderCount)) };
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

type Buyer = Parameters<typeof presentAdminOrder>[1];

export function presentAdminOrderList(
  rows: { order: OrderRow; buyer: Buyer }[],
  grants: Map<string, GrantRow>,
  counts: { total: number },
  filter: { page: number; pageSize: number },
): AdminOrderListResponse {
  return {
    list: rows.map((row) => presentAdminOrder(row.order, row.buyer, grants.get(row.order.id))),
    total: counts.total,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/** One order for its administrators, with every payment notification received about it. */
export function presentAdminOrderDetail(
  row: { order: OrderRow; buyer: Buyer },
  grant: GrantRow | undefined,
  notifications: Parameters<typeof presentNotification>[0][],
): AdminOrderDetail {
  return {
    ...presentAdminOrder(row.order, row.buyer, grant),
    notifications: notifications.map(presentNotification),
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
