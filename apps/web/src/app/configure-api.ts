import { configureApiClient } from '../lib/api-client';
import { currentLocale } from '../lib/i18n';
import { toast } from '../components/toast';
import { handleSessionExpired } from '../features/auth/session';
import { getToken } from '../stores/session-store';

/** Wires the API client to the session, the language and the toasts. */
export function configureApi(): void {
  configureApiClient({
    getToken,
    getLocale: currentLocale,
    onUnauthorized: handleSessionExpired,
    onError: (message) => {
      toast.error(message, { showClose: true, grouping: true });
    },
  });
}
