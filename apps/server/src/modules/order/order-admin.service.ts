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
import { presentAdminOrderDetail, presentAdminOrderList } from './order.presenter.js';
import * as repo from './order.repo.js';
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

/** An administrator refunds: paid or refunding → refundCompleted through the provider. */
export async function refundOrder(deps: OrderDeps, orderId: string, reason: string) {
  await refundThroughProvider(deps, orderId, reason);
  return getOrder(deps, orderId);
}

/** refunding → refundClosed: the refund is declined, the order (and its grant) stays. */
export async function closeRefund(deps: OrderDeps, orderId: string, reason: string) {
  const order = await repo.findOrder(deps.db, orderId);
  if (!order) throw new AppError(ErrorCode.dataMissing);
  const moved = await repo.moveOrder(deps.db, orderId, 'closeRefund', {
    refundClosedAt: new Date(),
    refundCloseReason: reason,
  });
  if (!moved) throw refusal((await repo.findOrder(deps.db, orderId))?.state ?? order.state);
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
