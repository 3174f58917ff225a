// Orders as the server presents them, for the screens' tests (never imported by the app).
import type { AdminGoods, AdminOrder, Goods, Order, OrderState } from '@library/contract';

const gib = 1024 ** 3;

const abilitiesOf = (state: OrderState) => ({
  canPay: state === 'unpaid',
  canCancel: state === 'unpaid',
  canRefund: state === 'paid',
});

export function order(state: OrderState, extra: Partial<Order> = {}): Order {
  const paid = state !== 'unpaid' && state !== 'expired' && state !== 'revoked';
  return {
    orderId: 'o-1',
    orderNo: '9f2c4b7a1d3e4f5a6b7c8d9e0f1a2b3c',
    state,
    goodsId: 'g-pro',
    goodsName: '专业版',
    kind: 'personal',
    quotas: { spaces: 200, personalBytes: 100 * gib },
    termDays: 30,
    amount: 8800,
    currency: 'CNY',
    payType: 'sandbox',
    payUrl: null,
    qrCode: state === 'unpaid' ? 'sandbox:9f2c4b7a1d3e4f5a6b7c8d9e0f1a2b3c' : null,
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    createdAt: '2026-11-01T08:00:00.000Z',
    paidAt: paid ? '2026-11-01T08:01:00.000Z' : null,
    validFrom: paid ? '2026-11-01T08:01:00.000Z' : null,
    validUntil: paid ? '2026-12-01T08:01:00.000Z' : null,
    refundReason: null,
    refundRequestedAt: null,
    refundedAt: null,
    refundClosedAt: null,
    refundCloseReason: null,
    closedAt: state === 'expired' || state === 'revoked' ? '2026-11-01T08:30:00.000Z' : null,
    abilities: abilitiesOf(state),
    ...extra,
  };
}

export function adminOrder(state: OrderState, extra: Partial<AdminOrder> = {}): AdminOrder {
  return {
    ...order(state),
    buyer: { userId: '10001', nickname: '林小书', mobile: '13800138000', email: null },
    providerTradeNo: null,
    adminAbilities: {
      canRefund: state === 'paid' || state === 'refunding',
      canCloseRefund: state === 'refunding',
    },
    ...extra,
  };
}

export function goods(extra: Partial<Goods> = {}): Goods {
  return {
    goodsId: 'g-pro',
    name: '专业版',
    description: '适合个人深度使用',
    kind: 'personal',
    prices: { CNY: 8800, USD: 1299 },
    quotas: { spaces: 200, personalBytes: 100 * gib },
    termDays: 30,
    orderable: true,
    sort: 1,
    ...extra,
  };
}

export function adminGoods(extra: Partial<AdminGoods> = {}): AdminGoods {
  return {
    ...goods(),
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-01T08:00:00.000Z',
    orderCount: 0,
    ...extra,
  };
}

/** `GET /api/v1/goods` answering these goods (for the screens that ask whether any is for sale). */
export function priceList(list: Goods[]) {
  return { list, currency: 'CNY', payTypes: ['sandbox'] };
}
