// Who may do what with a transfer (an import or an export running as a job): the user who started
// it follows its progress and downloads an export's file; to anyone else it looks missing. What
// may be imported or exported where is the space's access (space-access.ts) and the switches
// (account.policy.ts), checked when a transfer starts and again by its job.
import type { TransferRow } from './transfer.repo.js';

export type TransferAction = 'follow' | 'download';

/**
 * Whether the user may `action` the transfer: follow their own; download their own finished
 * export (anything else answers 404 as 'no finished export').
 */
export function canTransfer(
  userId: number,
  action: TransferAction,
  transfer: Pick<TransferRow, 'userId' | 'kind' | 'status'>,
): boolean {
  if (transfer.userId !== userId) return false;
  return action === 'follow' || (transfer.kind === 'export' && transfer.status === 'done');
}
