// Who may do what with orders. A buyer reads, cancels, asks to refund and (in the sandbox) pays
// their own orders; anyone else's looks missing. The administration reads goods and every order
// with `orders:read` and changes them (goods, refunds) with `orders:write` (403 + 700007
// otherwise, through admin's `resourceHolder`). Which moves an order's state allows is
// order.states.ts.
//
// The buyer's rule in two shapes that must agree (order.policy.test.ts checks both on a real
// database): `ownsOrder` on a loaded order, `ownOrdersSql` for the buyer's list.
import { eq } from 'drizzle-orm';
import type { SystemResource } from '@library/contract';
import { orders } from '../../db/schema/index.js';

/** Whether the order is the user's own. */
export const ownsOrder = (userId: number, order: { userId: number }) => order.userId === userId;

/** `ownsOrder` as a condition on `orders`. */
export const ownOrdersSql = (userId: number) => eq(orders.userId, userId);

/** What the administration does with goods and orders. */
export type OrderAdminAction =
  | 'listGoods'
  | 'editGoods'
  | 'listOrders'
  | 'exportOrders'
  | 'readOrder'
  | 'refund'
  | 'closeRefund';

/** The resource each administration call needs (ADMIN holds them all; admin.policy.ts). */
export const orderAdminResource: Record<OrderAdminAction, SystemResource> = {
  listGoods: 'orders:read',
  editGoods: 'orders:write',
  listOrders: 'orders:read',
  exportOrders: 'orders:read',
  readOrder: 'orders:read',
  refund: 'orders:write',
  closeRefund: 'orders:write',
};
