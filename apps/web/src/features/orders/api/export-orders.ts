import { reportApiError } from '../../../lib/api-client';
import { downloadName, fetchBlob, saveBlob } from '../../../lib/file-transfer';
import { currentLocale } from '../../../lib/i18n';
import { getToken } from '../../../stores/session-store';
import { adminOrderFilter } from './get-admin-orders';
import type { AdminOrderFilter } from './keys';

/**
 * `GET /api/system/v1/order/export` (orders:read): every order matching the grid's filters as
 * CSV (UTF-8 with a byte-order mark), saved under the server's name (`orders-YYYYMMDD.csv`).
 * A failure is reported like any call's. Resolves true once the download has started.
 */
export async function exportOrders(filter: AdminOrderFilter): Promise<boolean> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(adminOrderFilter(filter))) {
    if (value !== undefined) params.set(key, value);
  }
  const search = params.toString();
  try {
    const { blob, dispositionName } = await fetchBlob(
      `/system/v1/order/export${search ? `?${search}` : ''}`,
      { token: getToken(), locale: currentLocale() },
    );
    saveBlob(blob, downloadName(null, dispositionName) || 'orders.csv');
    return true;
  } catch (error) {
    reportApiError(error);
    return false;
  }
}
