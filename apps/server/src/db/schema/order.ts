// Goods, orders and payment: what administrators sell, what buyers ordered (the spec's order
// states), the quota grants a paid order gives its buyer for its term, and every payment
// notification a provider sent (kept, verified or not, for the operator).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A plan or add-on for sale; prices in minor units (fen, cents). Deleted ones stay for orders. */
export const goods = pgTable(
  'goods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: ['personal', 'team', 'enterprise', 'addon'] }).notNull(),
    priceCny: bigint('price_cny', { mode: 'number' }).notNull(),
    priceUsd: bigint('price_usd', { mode: 'number' }).notNull(),
    /** the quotas it grants: `{spaces: 200, personalBytes: …}` */
    quotas: jsonb('quotas').$type<Record<string, number>>().notNull().default({}),
    termDays: integer('term_days').notNull(),
    orderable: boolean('orderable').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (table) => [
    check('goods_prices_check', sql`${table.priceCny} >= 0 and ${table.priceUsd} >= 0`),
    index('goods_live_idx')
      .on(table.sort)
      .where(sql`${table.deletedAt} is null`),
  ],
);

export const orderStateValues = [
  'unpaid',
  'paid',
  'refunding',
  'refundCompleted',
  'refundClosed',
  'expired',
  'revoked',
] as const;

/**
 * One purchase. What was bought (name, kind, quotas, term) and its price are copied in when the
 * order is made, so editing the goods later changes no order. State changes are conditional
 * updates (`… where state = 'unpaid'`), so racing notifications settle once.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** sent to the provider as out_trade_no: 32 characters of [0-9a-f] */
    orderNo: text('order_no').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    goodsId: uuid('goods_id')
      .notNull()
      .references(() => goods.id),
    goodsName: text('goods_name').notNull(),
    goodsKind: text('goods_kind', {
      enum: ['personal', 'team', 'enterprise', 'addon'],
    }).notNull(),
    quotas: jsonb('quotas').$type<Record<string, number>>().notNull(),
    termDays: integer('term_days').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['CNY', 'USD'] }).notNull(),
    payType: text('pay_type', { enum: ['sandbox', 'alipay', 'wechat'] }).notNull(),
    state: text('state', { enum: orderStateValues }).notNull().default('unpaid'),
    payUrl: text('pay_url'),
    qrCode: text('qr_code'),
    /** the provider's number of the payment (Alipay trade_no, WeChat transaction_id) */
    providerTradeNo: text('provider_trade_no'),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    paidAt: at('paid_at'),
    refundReason: text('refund_reason'),
    refundRequestedAt: at('refund_requested_at'),
    refundedAt: at('refunded_at'),
    refundClosedAt: at('refund_closed_at'),
    refundCloseReason: text('refund_close_reason'),
    /** expired or revoked */
    closedAt: at('closed_at'),
    /** the last time a poll asked the provider about this unpaid order */
    queriedAt: at('queried_at'),
  },
  (table) => [
    uniqueIndex('orders_order_no_idx').on(table.orderNo),
    index('orders_user_idx').on(table.userId, table.createdAt),
    index('orders_created_idx').on(table.createdAt),
    index('orders_unpaid_idx')
      .on(table.expiresAt)
      .where(sql`${table.state} = 'unpaid'`),
    check(
      'orders_state_check',
      sql`${table.state} in ('unpaid','paid','refunding','refundCompleted','refundClosed','expired','revoked')`,
    ),
    check('orders_amount_check', sql`${table.amount} > 0`),
  ],
);

/**
 * Quotas a paid order gives its buyer from `startsAt` until `endsAt`: a plan (`raise`) lifts each
 * named quota to at least its value, an add-on (`add`) adds its value. A refund sets `endedAt`;
 * the row stays.
 */
export const quotaGrants = pgTable(
  'quota_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    goodsId: uuid('goods_id').notNull(),
    mode: text('mode', { enum: ['raise', 'add'] }).notNull(),
    quotas: jsonb('quotas').$type<Record<string, number>>().notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    /** set when a refund took the grant back */
    endedAt: at('ended_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    // one grant per order: a second settlement of the same order cannot grant twice
    uniqueIndex('quota_grants_order_idx').on(table.orderId),
    index('quota_grants_user_idx')
      .on(table.userId, table.endsAt)
      .where(sql`${table.endedAt} is null`),
  ],
);

/** Every payment notification received (and sandbox payments), with what became of it. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider', { enum: ['sandbox', 'alipay', 'wechat'] }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** the provider's id of the notification (notify_id, the WeChat event id) */
    eventId: text('event_id'),
    providerTradeNo: text('provider_trade_no'),
    amount: bigint('amount', { mode: 'number' }),
    currency: text('currency'),
    outcome: text('outcome', {
      enum: ['paid', 'duplicate', 'late', 'mismatch', 'refunded', 'ignored'],
    }).notNull(),
    /** the verified, decrypted content (no secrets) */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (table) => [index('payment_notifications_order_idx').on(table.orderId, table.receivedAt)],
);
