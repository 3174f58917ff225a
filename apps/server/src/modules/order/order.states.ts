// The order state machine, in one place (docs/orders.md shows the same table). Every move is a
// conditional update from the states listed here (`update … where state in (from)`), so two
// racing moves settle once; a move from any other state answers that state's code.
import { ErrorCode, type ErrorCodeValue, type OrderState } from '@library/contract';
import { AppError } from '../../http/app-error.js';

export const orderMoves = {
  /** the provider's signed notification or a query says the money arrived; the sandbox's click */
  pay: { from: ['unpaid'], to: 'paid' },
  /** ORDER_EXPIRE_MINUTES after it was placed (a job) */
  expire: { from: ['unpaid'], to: 'expired' },
  /** the buyer cancels */
  cancel: { from: ['unpaid'], to: 'revoked' },
  /** the buyer asks for a refund, or an administrator refunds */
  requestRefund: { from: ['paid'], to: 'refunding' },
  /** the provider gave the money back: the quota grant ends */
  completeRefund: { from: ['refunding'], to: 'refundCompleted' },
  /** an administrator declines the refund: the order stays in force */
  closeRefund: { from: ['refunding'], to: 'refundClosed' },
} as const satisfies Record<string, { from: readonly OrderState[]; to: OrderState }>;

export type OrderMove = keyof typeof orderMoves;

/** The code answered when a move is refused because the order is in this state (spec §8). */
export const stateCodes: Record<OrderState, ErrorCodeValue> = {
  unpaid: ErrorCode.orderUnpaid,
  paid: ErrorCode.orderPaid,
  refunding: ErrorCode.orderRefunding,
  refundCompleted: ErrorCode.orderRefunded,
  refundClosed: ErrorCode.orderRefundClosed,
  expired: ErrorCode.orderExpired,
  revoked: ErrorCode.orderRevoked,
};

export function allows(move: OrderMove, state: OrderState): boolean {
  return (orderMoves[move].from as readonly OrderState[]).includes(state);
}

/** The refusal of `move` for an order in `state` (601000 when the state is not one we know). */
export function refusal(state: string): AppError {
  return new AppError(stateCodes[state as OrderState] ?? ErrorCode.orderStateMismatch);
}
