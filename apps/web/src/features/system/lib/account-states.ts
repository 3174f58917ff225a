// How the users grid shows an account's state and which changes it offers (spec §6; the
// server's states: normal, pending approval, disabled, frozen, suspended, cancelled).
import type { AccountState } from '@library/contract';
import type { SettableState } from '../api/set-user-state';

/** antd Tag colours: green is the usable state, the others grow sterner. */
export const stateColors: Record<AccountState, string> = {
  normal: 'success',
  pending: 'processing',
  disabled: 'default',
  frozen: 'blue',
  suspended: 'warning',
  cancelled: 'error',
};

/** The order the state filter and the change menu use. */
export const lockingStates = ['disabled', 'frozen', 'suspended', 'cancelled'] as const;

/**
 * The state changes an account in `state` can take: from normal any of the locking states,
 * from a locking state back to normal or to another one; a pending registration is approved or
 * rejected instead.
 */
export function stateChangesFor(state: AccountState): SettableState[] {
  if (state === 'pending') return [];
  if (state === 'normal') return [...lockingStates];
  return ['normal', ...lockingStates.filter((other) => other !== state)];
}
