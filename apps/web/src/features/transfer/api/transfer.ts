import { importUploadField, type ExportFormat, type ImportReport } from '@library/contract';
import {
  downloadName,
  fetchBlob,
  saveBlob,
  uploadWithProgress,
  type UploadProgress,
} from '../../../lib/file-transfer';
import { currentLocale } from '../../../lib/i18n';
import { getToken } from '../../../stores/session-store';

/**
 * `GET /api/v1/space/{spaceId}/export?nodeId=&format=`: fetched as a blob and saved under the
 * server's (Chinese) file name. Answers the name it was saved under.
 */
export async function exportNode(
  spaceId: string,
  nodeId: string | undefined,
  format: ExportFormat,
  signal?: AbortSignal,
): Promise<string> {
  const query = new URLSearchParams({ format });
  if (nodeId) query.set('nodeId', nodeId);
  const { blob, dispositionName } = await fetchBlob(
    `/v1/space/${encodeURIComponent(spaceId)}/export?${query.toString()}`,
    { token: getToken(), locale: currentLocale() },
    signal,
  );
  // the server's name (the page, topic or space): dispositionName is already parsed
  const saveAs = downloadName(dispositionName, null);
  saveBlob(blob, saveAs);
  return saveAs;
}

/** `POST /api/v1/space/{spaceId}/import[?parentId=]`, one file, with upload progress. */
export function importFile(input: {
  spaceId: string;
  parentId: string | undefined;
  file: File;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}): Promise<ImportReport> {
  const form = new FormData();
  form.append(importUploadField, input.file, input.file.name);
  const query = input.parentId ? `?parentId=${encodeURIComponent(input.parentId)}` : '';
  return uploadWithProgress<ImportReport>({
    path: `/v1/space/${encodeURIComponent(input.spaceId)}/import${query}`,
    form,
    token: getToken(),
    locale: currentLocale(),
    signal: input.signal,
    onProgress: input.onProgress,
  });
}
