import {
  importUploadField,
  type ExportFormat,
  type ExportRequest,
  type Transfer,
} from '@library/contract';
import { api } from '../../../lib/api-client';
import {
  downloadName,
  fetchBlob,
  saveBlob,
  uploadWithProgress,
  type UploadProgress,
} from '../../../lib/file-transfer';
import { currentLocale } from '../../../lib/i18n';
import { getToken } from '../../../stores/session-store';

const enc = encodeURIComponent;

// The dialog shows a failure itself: the calls are silent.

/** `POST /api/v1/space/{spaceId}/export`: queues the export of a page, a topic or the space. */
export function startExport(
  spaceId: string,
  nodeId: string | undefined,
  format: ExportFormat,
): Promise<Transfer> {
  const body: ExportRequest = { format, ...(nodeId ? { nodeId } : {}) };
  return api.post<Transfer>(`/v1/space/${enc(spaceId)}/export`, body, { silent: true });
}

/**
 * `POST /api/v1/space/{spaceId}/import[?parentId=]`: one file, with upload progress; answers the
 * queued import once the upload is stored.
 */
export function startImport(input: {
  spaceId: string;
  parentId: string | undefined;
  file: File;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}): Promise<Transfer> {
  const form = new FormData();
  form.append(importUploadField, input.file, input.file.name);
  const query = input.parentId ? `?parentId=${enc(input.parentId)}` : '';
  return uploadWithProgress<Transfer>({
    path: `/v1/space/${enc(input.spaceId)}/import${query}`,
    form,
    token: getToken(),
    locale: currentLocale(),
    signal: input.signal,
    onProgress: input.onProgress,
  });
}

/** `GET /api/v1/transfer/{transferId}`: its progress, then its report or file name. */
export function getTransfer(transferId: string, signal?: AbortSignal): Promise<Transfer> {
  return api.get<Transfer>(`/v1/transfer/${enc(transferId)}`, { signal, silent: true });
}

const pollMs = 800;

/**
 * Asks for the transfer until it is done or failed, telling `onProgress` each answer; stops
 * (RequestCancelledError) when `signal` aborts.
 */
export async function settledTransfer(
  started: Transfer,
  onProgress: (transfer: Transfer) => void,
  signal: AbortSignal,
): Promise<Transfer> {
  let current = started;
  while (current.status === 'queued' || current.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    current = await getTransfer(current.transferId, signal);
    onProgress(current);
  }
  return current;
}

/**
 * `GET /api/v1/transfer/{transferId}/download`: a finished export, fetched as a blob and saved
 * under the server's (Chinese) file name. Answers the name it was saved under.
 */
export async function downloadExport(transfer: Transfer, signal?: AbortSignal): Promise<string> {
  const { blob, dispositionName } = await fetchBlob(
    `/v1/transfer/${enc(transfer.transferId)}/download`,
    { token: getToken(), locale: currentLocale() },
    signal,
  );
  const saveAs = downloadName(transfer.fileName ?? dispositionName, null);
  saveBlob(blob, saveAs);
  return saveAs;
}
