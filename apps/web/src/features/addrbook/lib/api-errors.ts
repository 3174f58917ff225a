// The dialogs' silent calls: the codes a form shows on its field, the rest as the API client would
// (an error toast with a close button; a lost session logs out).
import { ErrorCode } from '@library/contract';
import { ApiError, isRequestCancelled, isSessionExpired } from '../../../lib/api-client';
import { toast } from '../../../components/toast';
import { handleSessionExpired } from '../../auth';

/** The field message for a code the form knows, else null after reporting the failure. */
export function fieldErrorOf(
  error: unknown,
  messages: Partial<Record<number, string>>,
): string | null {
  if (isRequestCancelled(error)) return null;
  if (error instanceof ApiError) {
    const message = messages[error.code];
    if (message !== undefined) return message;
    if (isSessionExpired(error)) handleSessionExpired();
    else toast.error(error.message, { showClose: true, grouping: true });
    return null;
  }
  throw error;
}

/** A team or a friend that is not (or no longer) there for me: 404 / 100007. */
export function isNotFound(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === ErrorCode.dataMissing || error.status === 404)
  );
}

/** A join link whose code is malformed, reset or of a deleted team. */
export function isDeadJoinCode(error: unknown): boolean {
  return isNotFound(error) || (error instanceof ApiError && error.code === ErrorCode.paramError);
}
