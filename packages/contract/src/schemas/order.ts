import { z } from 'zod';
import { keywordsSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { limits } from '../limits.js';
import type { Locale } from '../locale.js';
import { quotaNames, type QuotaName } from '../permissions.js';
import { idSchema } from './space.js';

// Goods, orders and payment (spec §3 goods and order, §4 order states, §8 601000–601010, §9
// currencies). Prices and amounts are integers in minor units (fen, cents), never floats.
//
// The calls (docs/api.md, "Orders and payment"):
//   GET  /api/v1/goods                      → GoodsListResponse (the price list)
//   POST /api/v1/order {goodsId, payType}   → Order (unpaid, with payUrl | qrCode, expiresAt)
//   GET  /api/v1/order ?page&pageSize&state → OrderListResponse ('my orders')
//   GET  /api/v1/order/{id}                 → Order; the checkout polls it (every 2 s) for the
//                                             live state — it turns to paid without a reload
//   POST /api/v1/order/{id}/cancel          → Order (revoked)
//   POST /api/v1/order/{id}/refund {reason} → Order (refunding)
//   POST /api/v1/order/{id}/sandboxPay      → Order (paid); only for sandbox orders while the
//                                             sandbox provider is on (else 601001)
//   /api/system/v1/goods (GET, POST, PUT /{id}, DELETE /{id})     → AdminGoods
//   GET  /api/system/v1/order ?keywords&state&payType&from&to     → AdminOrderListResponse
//   GET  /api/system/v1/order/export (same filters)               → text/csv
//   GET  /api/system/v1/order/{id}                                → AdminOrderDetail
//   POST /api/system/v1/order/{id}/refund {reason}                → AdminOrder (refundCompleted)
//   POST /api/system/v1/order/{id}/refund/close {reason}          → AdminOrder (refundClosed)

/** CNY for the Chinese locales, USD for English (spec §9). */
export const currencies = ['CNY', 'USD'] as const;
export type Currency = (typeof currencies)[number];

/** The currency an order placed in `locale` is charged in; fixed on the order when it is made. */
export function currencyOf(locale: Locale): Currency {
  return locale === 'en_US' ? 'USD' : 'CNY';
}

/** `8800` → `'88.00'`: minor units as the decimal text providers and receipts show. */
export function minorUnitsToDecimal(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(amount));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Plans (`personal`, `team`, `enterprise`) set quotas to at least their values while they last;
 * an `addon` adds its values on top of whatever applies.
 */
export const goodsKinds = ['personal', 'team', 'enterprise', 'addon'] as const;
export type GoodsKind = (typeof goodsKinds)[number];

/** How a buyer pays; `sandbox` (the default provider) pays with one click, for trying it out. */
export const payTypes = ['sandbox', 'alipay', 'wechat'] as const;
export type PayType = (typeof payTypes)[number];

/** The order states of spec §4, as the API spells them. */
export const orderStates = [
  'unpaid',
  'paid',
  'refunding',
  'refundCompleted',
  'refundClosed',
  'expired',
  'revoked',
] as const;
export type OrderState = (typeof orderStates)[number];

const minorUnits = z.number().int().min(0).max(1_000_000_000);
export const goodsPricesSchema = z.object({ CNY: minorUnits, USD: minorUnits });
export type GoodsPrices = z.infer<typeof goodsPricesSchema>;

const quotaValue = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** The quotas a goods grants (the ones it names; bytes for the `…Bytes` ones). */
export const goodsQuotasSchema = z
  .object(
    Object.fromEntries(quotaNames.map((name) => [name, quotaValue.optional()])) as Record<
      QuotaName,
      z.ZodOptional<typeof quotaValue>
    >,
  )
  .strict();
export type GoodsQuotas = z.infer<typeof goodsQuotasSchema>;

export const goodsSchema = z.object({
  goodsId: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(goodsKinds),
  /** in minor units of each currency */
  prices: goodsPricesSchema,
  quotas: goodsQuotasSchema,
  /** how long a paid order's quotas last */
  termDays: z.number().int(),
  /** false: shown, not for sale (e.g. the free personal edition; ordering it answers 601006) */
  orderable: z.boolean(),
  /** the price list's order, smallest first */
  sort: z.number().int(),
});
export type Goods = z.infer<typeof goodsSchema>;

/** `GET /api/v1/goods`: the price list; `currency` is the caller's (their locale's). */
export const goodsListResponseSchema = z.object({
  list: z.array(goodsSchema),
  currency: z.enum(currencies),
  /** the pay types this site accepts, for the checkout's choices */
  payTypes: z.array(z.enum(payTypes)),
});
export type GoodsListResponse = z.infer<typeof goodsListResponseSchema>;

// --- administrators' goods: /api/system/v1/goods ----------------------------------------------

export const adminGoodsSchema = goodsSchema.extend({
  createdAt: z.string(),
  updatedAt: z.string(),
  /** orders placed for it, any state */
  orderCount: z.number().int(),
});
export type AdminGoods = z.infer<typeof adminGoodsSchema>;
export const adminGoodsListResponseSchema = z.object({ list: z.array(adminGoodsSchema) });

/** Creating or replacing a goods. A goods for sale needs a price of at least 1 in each currency. */
export const goodsRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(64),
    description: z.string().trim().max(500).default(''),
    kind: z.enum(goodsKinds),
    prices: goodsPricesSchema,
    quotas: goodsQuotasSchema,
    termDays: z.number().int().min(1).max(3660),
    orderable: z.boolean().default(true),
    sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  })
  .refine((body) => !body.orderable || (body.prices.CNY >= 1 && body.prices.USD >= 1), {
    message: 'goods for sale need a price of at least 1 (minor unit) in CNY and USD',
    path: ['prices'],
  });
export type GoodsRequest = z.input<typeof goodsRequestSchema>;

// --- orders ----------------------------------------------------------------------------------

/** `POST /api/v1/order`. An unknown or switched-off `payType` answers 601001. */
export const createOrderRequestSchema = z.object({
  goodsId: idSchema,
  /** one of `payTypes` the site accepts (`GET /api/v1/goods` → `payTypes`) */
  payType: z.string().trim().min(1).max(32),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

export const refundOrderRequestSchema = z.object({
  reason: z.string().trim().max(500).default(''),
});
export type RefundOrderRequest = z.input<typeof refundOrderRequestSchema>;

/** What the caller may do with the order now (the web shows exactly these buttons). */
export const orderAbilitiesSchema = z.object({
  canPay: z.boolean(),
  canCancel: z.boolean(),
  canRefund: z.boolean(),
});

export const orderSchema = z.object({
  orderId: z.string(),
  /** the order number shown on receipts and sent to the provider (out_trade_no) */
  orderNo: z.string(),
  state: z.enum(orderStates),
  goodsId: z.string(),
  /** what was bought, as it was when ordered */
  goodsName: z.string(),
  kind: z.enum(goodsKinds),
  quotas: goodsQuotasSchema,
  termDays: z.number().int(),
  /** minor units of `currency` */
  amount: z.number().int(),
  currency: z.enum(currencies),
  payType: z.enum(payTypes),
  /** a page to open to pay (when the provider gives one) */
  payUrl: z.string().nullable(),
  /**
   * text to show as a QR code while unpaid: Alipay's `qr_code`, WeChat Pay's `code_url`; for the
   * sandbox `sandbox:<orderNo>` — the checkout shows a 'pay' button calling
   * `POST /api/v1/order/{id}/sandboxPay`
   */
  qrCode: z.string().nullable(),
  /** an unpaid order expires then */
  expiresAt: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** the quotas' term: from payment (or the end of the same goods' earlier term) for termDays */
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  refundReason: z.string().nullable(),
  refundRequestedAt: z.string().nullable(),
  /** when the refund completed */
  refundedAt: z.string().nullable(),
  /** when an administrator closed the refund request */
  refundClosedAt: z.string().nullable(),
  refundCloseReason: z.string().nullable(),
  /** when it expired or was cancelled */
  closedAt: z.string().nullable(),
  abilities: orderAbilitiesSchema,
});
export type Order = z.infer<typeof orderSchema>;

export const orderListQuerySchema = pageQuerySchema(limits.gridPageSize, 50).extend({
  state: z.enum(orderStates).optional(),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;
export const orderListResponseSchema = pageSchema(orderSchema);
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

// --- administrators' orders: /api/system/v1/order ---------------------------------------------

export const adminOrderSchema = orderSchema.extend({
  buyer: z.object({
    userId: z.string(),
    nickname: z.string(),
    mobile: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** the provider's own number of the payment (trade_no, transaction_id) */
  providerTradeNo: z.string().nullable(),
  /** what an administrator may do now */
  adminAbilities: z.object({ canRefund: z.boolean(), canCloseRefund: z.boolean() }),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** What became of one payment notification (kept for every notification, verified or not). */
export const notificationOutcomes = [
  'paid',
  'duplicate',
  'late',
  'mismatch',
  'refunded',
  'ignored',
] as const;
export type NotificationOutcome = (typeof notificationOutcomes)[number];

export const paymentNotificationSchema = z.object({
  provider: z.enum(payTypes),
  outcome: z.enum(notificationOutcomes),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  providerTradeNo: z.string().nullable(),
  receivedAt: z.string(),
});
export type PaymentNotification = z.infer<typeof paymentNotificationSchema>;

export const adminOrderDetailSchema = adminOrderSchema.extend({
  notifications: z.array(paymentNotificationSchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** `?keywords` match the order number, the provider's number, the goods or the buyer (name,
 *  phone, e-mail or numeric ID); `from`/`to` bound the creation time. */
export const adminOrderListQuerySchema = pageQuerySchema(limits.gridPageSize, 50).extend({
  keywords: keywordsSchema,
  state: z.enum(orderStates).optional(),
  payType: z.enum(payTypes).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;
export type AdminOrderListFilter = z.output<typeof adminOrderListQuerySchema>;
export const adminOrderListResponseSchema = pageSchema(adminOrderSchema);
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponseSchema>;
/** `GET /api/system/v1/order/export`: the same filters, every matching row as CSV. */
export const adminOrderExportQuerySchema = adminOrderListQuerySchema.omit({
  page: true,
  pageSize: true,
});

export const closeRefundRequestSchema = z.object({
  reason: z.string().trim().max(500).default(''),
});
