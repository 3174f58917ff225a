// How each order state of spec §4 looks: its tag colour, and which states carry a receipt (the
// money was taken).
import type { OrderState } from '@library/contract';

export const stateColors: Record<OrderState, string> = {
  unpaid: 'orange',
  paid: 'green',
  refunding: 'blue',
  refundCompleted: 'purple',
  refundClosed: 'cyan',
  expired: 'default',
  revoked: 'default',
};

/** An order that was paid (whatever happened after) has a receipt. */
export function hasReceipt(state: OrderState): boolean {
  return state === 'paid' || state.startsWith('refund');
}

/** An order that closed unpaid can only be bought again. */
export function isClosedUnpaid(state: OrderState): boolean {
  return state === 'expired' || state === 'revoked';
}
