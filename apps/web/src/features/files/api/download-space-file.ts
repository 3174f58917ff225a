import { downloadName, fetchBlob, saveBlob } from '../../../lib/file-transfer';
import { currentLocale } from '../../../lib/i18n';
import { getToken } from '../../../stores/session-store';

/**
 * `GET /api/v3/space/file/{id}/download`, fetched as a blob with the session's token and saved
 * under the file's original (Chinese) name (spec §7). Answers the name it was saved under.
 */
export async function downloadSpaceFile(
  fileId: string,
  name: string | null,
  signal?: AbortSignal,
): Promise<string> {
  const { blob, dispositionName } = await fetchBlob(
    `/v3/space/file/${encodeURIComponent(fileId)}/download`,
    { token: getToken(), locale: currentLocale() },
    signal,
  );
  const saveAs = downloadName(name, dispositionName);
  saveBlob(blob, saveAs);
  return saveAs;
}
