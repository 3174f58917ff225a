// The administrators' side of orders: the searchable list, one order with its notifications,
// the CSV export, refunding and closing a refund request.
import {
  ErrorCode,
  minorUnitsToDecimal,
  type AdminOrderDetail,
  type AdminOrderListFilter,
  type AdminOrderListResponse,
} from '@library/contract';
import { AppError } from '../../http/app-error.js';
import { csvDocument } from '../../lib/csv.js';
import { recordAudit } from '../audit/index.js';
import { presentAdminOrderDetail, presentAdminOrderList } from './order.presenter.js';
import * as repo from './order.repo.js';
import type { OrderRow } from './order.repo.js';
import { refusal } from './order.states.js';
import { refundThroughProvider, type OrderDeps } from './payment.service.js';

/** the most rows one export holds */
export const exportLimit = 50_000;

export async function listOrders(
  deps: OrderDeps,
  filter: AdminOrderListFilter,
): Promise<AdminOrderListResponse> {
  const { rows, total } = await repo.listAdminOrders(deps.db, filter);
  const grants = await repo.grantsOf(
    deps.db,
    rows.map((row) => row.order.id),
  );
  return presentAdminOrderList(rows, grants, { total }, filter);
}

export async function getOrder(deps: OrderDeps, orderId: string): Promise<AdminOrderDetail> {
  const row = await repo.findAdminOrder(deps.db, orderId);
  if (!row) throw new AppError(ErrorCode.dataMissing);
  const [grants, notifications] = await Promise.all([
    repo.grantsOf(deps.db, [orderId]),
    repo.notificationsOf(deps.db, orderId),
  ]);
  return presentAdminOrderDetail(row, grants.get(orderId), notifications);
}

/** The audit row's view of an order: its state and the refund's facts, not the buyer's data. */
const refundFacts = (order: OrderRow) => ({
  orderNo: order.orderNo,
  state: order.state,
  amount: order.amount,
  currency: order.currency,
  refundReason: order.refundReason,
  refundCloseReason: order.refundCloseReason,
});

/**
 * An administrator refunds: paid or refunding → refundCompleted through the provider. The
 * provider is called between the order's moves, outside any transaction (a payment call must not
 * hold the database), so the audit row is written in its own transaction once the provider has
 * answered; a refused refund leaves no row.
 */
export async function refundOrder(
  deps: OrderDeps,
  actor: { id: number; address: string | null },
  orderId: string,
  reason: string,
) {
  const before = await repo.findOrder(deps.db, orderId);
  const after = await refundThroughProvider(deps, orderId, reason);
  await recordAudit(deps.db, {
    actorId: actor.id,
    action: 'order.refund',
    targetType: 'order',
    targetId: orderId,
    before: before && refundFacts(before),
    after: { ...refundFacts(after), reason },
    address: actor.address,
  });
  return getOrder(deps, orderId);
}

/** refunding → refundClosed: the refund is declined, the order (and its grant) stays. */
export async function closeRefund(
  deps: OrderDeps,
  actor: { id: number; address: string | null },
  orderId: string,
  reason: string,
) {
  await deps.db.transaction(async (tx) => {
    const order = await repo.findOrder(tx, orderId);
    if (!order) throw new AppError(ErrorCode.dataMissing);
    const moved = await repo.moveOrder(tx, orderId, 'closeRefund', {
      refundClosedAt: new Date(),
      refundCloseReason: reason,
    });
    if (!moved) throw refusal((await repo.findOrder(tx, orderId))?.state ?? order.state);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'order.refund.close',
      targetType: 'order',
      targetId: orderId,
      before: refundFacts(order),
      after: refundFacts(moved),
      address: actor.address,
    });
  });
  return getOrder(deps, orderId);
}

const csvColumns = [
  'orderNo',
  'createdAt',
  'state',
  'buyerId',
  'buyer',
  'mobile',
  'email',
  'goods',
  'kind',
  'amount',
  'currency',
  'payType',
  'providerTradeNo',
  'paidAt',
  'refundRequestedAt',
  'refundedAt',
  'refundReason',
] as const;

/** Every matching order as CSV (UTF-8 with a byte-order mark, so spreadsheets read Chinese). */
export async function exportCsv(
  deps: OrderDeps,
  filter: Omit<AdminOrderListFilter, 'page' | 'pageSize'>,
): Promise<string> {
  const rows = await repo.exportAdminOrders(deps.db, filter, exportLimit);
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  const lines = rows.map(({ order, buyer }) => [
    order.orderNo,
    iso(order.createdAt),
    order.state,
    buyer.userId,
    buyer.nickname,
    buyer.mobile,
    buyer.email,
    order.goodsName,
    order.goodsKind,
    minorUnitsToDecimal(order.amount),
    order.currency,
    order.payType,
    order.providerTradeNo,
    iso(order.paidAt),
    iso(order.refundRequestedAt),
    iso(order.refundedAt),
    order.refundReason,
  ]);
  return csvDocument(csvColumns, lines);
}
