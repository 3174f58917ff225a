import { fileUploadField, type SpaceFile } from '@library/contract';
import { uploadWithProgress, type UploadProgress } from '../../../lib/file-transfer';
import { currentLocale } from '../../../lib/i18n';
import { getToken } from '../../../stores/session-store';

export interface UploadSpaceFileInput {
  spaceId: string;
  /** the page the file goes into, when uploaded from the editor */
  pageId: string | null;
  file: File;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * `POST /api/v3/space/{spaceId}/file[?pageId=]`, multipart with one part `file`: one file per
 * request, so each has its own progress and can be cancelled on its own.
 */
export function uploadSpaceFile(input: UploadSpaceFileInput): Promise<SpaceFile> {
  const form = new FormData();
  form.append(fileUploadField, input.file, input.file.name);
  const query = input.pageId ? `?pageId=${encodeURIComponent(input.pageId)}` : '';
  return uploadWithProgress<SpaceFile>({
    path: `/v3/space/${encodeURIComponent(input.spaceId)}/file${query}`,
    form,
    token: getToken(),
    locale: currentLocale(),
    signal: input.signal,
    onProgress: input.onProgress,
  });
}
