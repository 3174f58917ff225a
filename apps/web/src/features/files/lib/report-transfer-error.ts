// Failures of uploads and downloads are reported like every other call's (spec §8): the session
// ending logs out and opens the login dialog; anything else is an error toast with a close button.
import { ApiError, isSessionExpired } from '../../../lib/api-client';
import { toast } from '../../../components/toast';
import { handleSessionExpired } from '../../auth';

export function reportTransferError(error: unknown): void {
  if (!(error instanceof ApiError)) return;
  if (isSessionExpired(error)) handleSessionExpired();
  else toast.error(error.message, { showClose: true, grouping: true });
}
