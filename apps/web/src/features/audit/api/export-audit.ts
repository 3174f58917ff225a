import { reportApiError } from '../../../lib/api-client';
import { downloadName, fetchBlob, saveBlob } from '../../../lib/file-transfer';
import { currentLocale } from '../../../lib/i18n';
import { getToken } from '../../../stores/session-store';
import { auditFilterParams } from './get-audit';
import type { AuditFilter } from './keys';

/**
 * `GET /api/system/v1/audit/export` (system administrators): every row matching the screen's
 * filters as CSV (UTF-8 with a byte-order mark), saved under the server's name
 * (`audit-YYYYMMDD.csv`). A failure is reported like any call's. Resolves true once it started.
 */
export async function exportAudit(filter: AuditFilter): Promise<boolean> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(auditFilterParams(filter))) {
    if (value !== undefined) params.set(key, value);
  }
  const search = params.toString();
  try {
    const { blob, dispositionName } = await fetchBlob(
      `/system/v1/audit/export${search ? `?${search}` : ''}`,
      { token: getToken(), locale: currentLocale() },
    );
    saveBlob(blob, downloadName(null, dispositionName) || 'audit.csv');
    return true;
  } catch (error) {
    reportApiError(error);
    return false;
  }
}
