// Queries of goods, orders, the quota grants of paid orders and payment notifications.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type {
  AdminOrderListFilter,
  NotificationOutcome,
  OrderState,
  PayType,
} from '@library/contract';
import type { Executor } from '../../db/database.js';
import { goods, orders, paymentNotifications, quotaGrants, users } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/search-pattern.js';
import { ownOrdersSql } from './order.policy.js';
import { orderMoves, type OrderMove } from './order.states.js';

export type GoodsRow = typeof goods.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type GrantRow = typeof quotaGrants.$inferSelect;
type GoodsFields = Omit<typeof goods.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

const liveGoods = isNull(goods.deletedAt);

// ---- goods ----

/** Goods not deleted, in the price list's order. */
export function listLiveGoods(db: Executor) {
  return db.select().from(goods).where(liveGoods).orderBy(asc(goods.sort), asc(goods.createdAt));
}

/** Goods not deleted, each with the number of orders placed for it. */
export function listGoodsWithOrderCounts(db: Executor) {
  return db
    .select({
      goods,
      // the goods' id named with its table: drizzle leaves columns unqualified in a one-table
      // select, where `id` would be the order's own
      orderCount: sql<number>`(select count(*)::int from orders o where o.goods_id = "goods"."id")`,
    })
    .from(goods)
    .where(liveGoods)
    .orderBy(asc(goods.sort), asc(goods.createdAt));
}

export async function findLiveGoods(db: Executor, goodsId: string) {
  const [row] = await db
    .select()
    .from(goods)
    .where(and(eq(goods.id, goodsId), liveGoods))
    .limit(1);
  return row;
}

export async function insertGoods(db: Executor, fields: GoodsFields) {
  const [row] = await db.insert(goods).values(fields).returning();
  return row!;
}

export async function updateGoods(db: Executor, goodsId: string, fields: GoodsFields) {
  const [row] = await db
    .update(goods)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(goods.id, goodsId), liveGoods))
    .returning();
  return row;
}

/** Deleted goods stay (orders name them) but are neither listed nor orderable. */
export async function deleteGoods(db: Executor, goodsId: string) {
  const rows = await db
    .update(goods)
    .set({ deletedAt: new Date() })
    .where(and(eq(goods.id, goodsId), liveGoods))
    .returning({ id: goods.id });
  return rows.length > 0;
}

export async function countOrdersOf(db: Executor, goodsId: string) {
  const [row] = await db.select({ value: count() }).from(orders).where(eq(orders.goodsId, goodsId));
  return row?.value ?? 0;
}

// ---- orders ----

export async function insertOrder(db: Executor, fields: typeof orders.$inferInsert) {
  const [row] = await db.insert(orders).values(fields).returning();
  return row!;
}

export async function findOrder(db: Executor, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
}

export async function findOrderByNo(db: Executor, orderNo: string) {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  return row;
}

/**
 * Makes `move` if the order is still in one of the move's states, setting `fields` too; the
 * updated row, or undefined when another move came first (one of two racing moves wins).
 */
export async function moveOrder(
  db: Executor,
  orderId: string,
  move: OrderMove,
  fields: Partial<typeof orders.$inferInsert> = {},
  extra?: SQL,
) {
  const { from, to } = orderMoves[move];
  const [row] = await db
    .update(orders)
    .set({ ...fields, state: to, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.state, [...from]), extra))
    .returning();
  return row;
}

/** The buyer's orders, newest first. */
export async function listOrdersOf(
  db: Executor,
  userId: number,
  query: { page: number; pageSize: number; state?: OrderState },
) {
  const where = and(ownOrdersSql(userId), query.state ? eq(orders.state, query.state) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/**
 * Claims the right to ask the provider about an unpaid order: true for one caller at most every
 * `intervalMs` (a checkout polling every two seconds asks the provider every few seconds only).
 */
export async function claimQuery(db: Executor, orderId: string, intervalMs: number) {
  const rows = await db
    .update(orders)
    .set({ queriedAt: new Date() })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.state, 'unpaid'),
        sql`(${orders.queriedAt} is null or ${orders.queriedAt} < now() - make_interval(secs => ${intervalMs / 1000}))`,
      ),
    )
    .returning({ id: orders.id });
  return rows.length > 0;
}

// ---- administrators' orders ----

function adminCondition(filter: Omit<AdminOrderListFilter, 'page' | 'pageSize'>): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    filter.state ? eq(orders.state, filter.state) : undefined,
    filter.payType ? eq(orders.payType, filter.payType) : undefined,
    filter.from ? gte(orders.createdAt, new Date(filter.from)) : undefined,
    filter.to ? lte(orders.createdAt, new Date(filter.to)) : undefined,
  ];
  if (filter.keywords) {
    const pattern = containsPattern(filter.keywords);
    conditions.push(
      or(
        ilike(orders.orderNo, pattern),
        ilike(orders.providerTradeNo, pattern),
        ilike(orders.goodsName, pattern),
        ilike(users.nickname, pattern),
        ilike(users.mobile, pattern),
        ilike(users.email, pattern),
        /^\d{1,15}$/.test(filter.keywords) ? eq(users.id, Number(filter.keywords)) : undefined,
      ),
    );
  }
  return and(...conditions);
}

const buyerColumns = {
  userId: users.id,
  nickname: users.nickname,
  mobile: users.mobile,
  email: users.email,
};

export async function listAdminOrders(db: Executor, filter: AdminOrderListFilter) {
  const where = adminCondition(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, buyer: buyerColumns })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(filter.pageSize)
      .offset(filter.page * filter.pageSize),
    db
      .select({ value: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Every order matching the filter, newest first, up to `limit`, for the CSV export. */
export function exportAdminOrders(
  db: Executor,
  filter: Omit<AdminOrderListFilter, 'page' | 'pageSize'>,
  limit: number,
) {
  return db
    .select({ order: orders, buyer: buyerColumns })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(adminCondition(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export async function findAdminOrder(db: Executor, orderId: string) {
  const [row] = await db
    .select({ order: orders, buyer: buyerColumns })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

// ---- quota grants ----

/**
 * Grants the paid order's quotas for its term. The term starts now, or when the buyer's
 * current grant of the same goods ends (buying a plan again extends it). One grant per order.
 */
export async function insertGrant(db: Executor, order: OrderRow) {
  // the database's clock, as the quota checks that read grants use it
  const latestEnd = sql`(select max(g.ends_at) from quota_grants g
    where g.user_id = ${order.userId} and g.goods_id = ${order.goodsId}
      and g.ended_at is null and g.ends_at > now())`;
  const [row] = await db
    .insert(quotaGrants)
    .values({
      userId: order.userId,
      orderId: order.id,
      goodsId: order.goodsId,
      mode: order.goodsKind === 'addon' ? 'add' : 'raise',
      quotas: order.quotas,
      startsAt: sql`coalesce(${latestEnd}, now())`,
      endsAt: sql`coalesce(${latestEnd}, now()) + make_interval(days => ${order.termDays})`,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** A refund ends the order's grant (the row stays). */
export async function endGrant(db: Executor, orderId: string) {
  await db
    .update(quotaGrants)
    .set({ endedAt: sql`now()` })
    .where(and(eq(quotaGrants.orderId, orderId), isNull(quotaGrants.endedAt)));
}

export async function grantsOf(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, GrantRow>();
  const rows = await db.select().from(quotaGrants).where(inArray(quotaGrants.orderId, orderIds));
  return new Map(rows.map((row) => [row.orderId, row]));
}

// ---- notifications ----

export async function recordNotification(
  db: Executor,
  fields: {
    provider: PayType;
    orderId: string | null;
    eventId: string | null;
    providerTradeNo: string | null;
    amount: number | null;
    currency: string | null;
    outcome: NotificationOutcome;
    detail: Record<string, unknown>;
  },
) {
  await db.insert(paymentNotifications).values(fields);
}

export function notificationsOf(db: Executor, orderId: string) {
  return db
    .select()
    .from(paymentNotifications)
    .where(eq(paymentNotifications.orderId, orderId))
    .orderBy(asc(paymentNotifications.receivedAt), asc(paymentNotifications.id));
}
