// Failures of uploads and downloads are reported like every other call's (spec §8): the session
// ending logs out and opens the login dialog; anything else is the API client's error toast
// (which offers the price list for a quota reached, 7001xx).
import { reportApiError } from '../../../lib/api-client';

export function reportTransferError(error: unknown): void {
  reportApiError(error);
}
