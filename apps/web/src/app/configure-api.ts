import { ErrorCode } from '@library/contract';
import { configureApiClient, type ApiError } from '../lib/api-client';
import { currentLocale, translate } from '../lib/i18n';
import { anythingForSale } from '../lib/goods-for-sale';
import { currentPath, navigateTo } from '../lib/navigation';
import { paths } from '../config/paths';
import { toast, type ToastAction } from '../components/toast';
import { handleSessionExpired } from '../features/auth/session';
import { getToken } from '../stores/session-store';

/**
 * A quota of the account's own that is reached — 7001xx but the other party's (700108, 700111,
 * 700112), which buying cannot raise — offers the price list, coming back here afterwards. Read
 * off the catalogue's numbering rather than the contract's `quotaCodes`, which would bring its
 * module into the first page (the test holds the two together).
 */
function isUpgradable(code: number): boolean {
  return (
    (code >= ErrorCode.quotaSpaces &&
      code <= ErrorCode.quotaTeamMembersTotal &&
      code !== ErrorCode.quotaPeerFriends) ||
    // after the other party's codes: AI writing's monthly uses
    code === ErrorCode.quotaAiWrites
  );
}

/** How long an error toast with a way out stays (the app's undo toasts stay as long). */
export const actionToastMs = 6000;

/**
 * The way out a failure's toast offers, if any. None while nothing is for sale (a fresh install):
 * the price list would only say there is nothing to buy.
 */
export function errorToastAction(error: ApiError): ToastAction | undefined {
  if (error.source !== 'app' || !isUpgradable(error.code) || !anythingForSale()) return undefined;
  return {
    label: translate('common.upgrade'),
    onClick: () => void navigateTo(paths.plans.getHref(currentPath())),
  };
}

/** Wires the API client to the session, the language and the toasts. */
export function configureApi(): void {
  configureApiClient({
    getToken,
    getLocale: currentLocale,
    onUnauthorized: handleSessionExpired,
    onError: (message, error) => {
      const action = errorToastAction(error);
      toast.error(message, {
        showClose: true,
        grouping: true,
        // a way out to read and take: as long as the undo toasts stay
        ...(action ? { action, duration: actionToastMs } : {}),
      });
    },
  });
}
