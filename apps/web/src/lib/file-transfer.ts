// Byte transfers the JSON API client cannot do: an upload with progress (XMLHttpRequest, since
// fetch reports no upload progress) and a download as a blob saved under a given name (spec §7).
// Failures are interpreted by lib/api-client's spec §8 rules (`interpretResponse`); an abort is a
// RequestCancelledError, never shown. Reporting (toast, logout) is the caller's, as these calls
// also show their failure in place.
import { requestFailedMessage, type Locale } from '@library/contract';
import {
  ApiError,
  RequestCancelledError,
  apiBase,
  interpretResponse,
  parseBody,
} from './api-client';

export interface TransferAuth {
  token: string | null;
  locale: Locale;
}

function withApiBase(path: string): string {
  return path.startsWith(`${apiBase}/`) ? path : `${apiBase}${path}`;
}

/** The answer of a finished transfer: its envelope data, or the ApiError of spec §8. */
export function interpretTransfer<T>(status: number, bodyText: string, locale: Locale): T {
  return interpretResponse<T>(status, parseBody(bodyText), locale);
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadRequest extends TransferAuth {
  /** API path, e.g. `/v3/space/{id}/file?pageId=…` (the /api base is added) */
  path: string;
  form: FormData;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/** POSTs a multipart form with upload progress; resolves with the envelope's data. */
export function uploadWithProgress<T>(request: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (request.signal?.aborted) {
      reject(new RequestCancelledError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', withApiBase(request.path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('locale', request.locale);
    if (request.token) xhr.setRequestHeader('Authorization', `Bearer ${request.token}`);
    const handleAbort = () => xhr.abort();
    request.signal?.addEventListener('abort', handleAbort, { once: true });
    const done = () => request.signal?.removeEventListener('abort', handleAbort);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable)
        request.onProgress?.({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener('load', () => {
      done();
      try {
        resolve(interpretTransfer<T>(xhr.status, xhr.responseText, request.locale));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError(500, requestFailedMessage[request.locale], null, 'network'));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new RequestCancelledError());
    });
    xhr.send(request.form);
  });
}

/**
 * The file name of a `Content-Disposition` header: the RFC 5987 `filename*=UTF-8''…` form when
 * present (it carries the original, e.g. Chinese, name), else the plain `filename="…"`.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed escape: fall back to the plain form below
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const value = plain?.[1] ?? plain?.[2];
  return value ? value.trim().replace(/\\(.)/g, '$1') : null;
}

/**
 * The name a download is saved under: the name the app knows (the file's record) first, else the
 * server's Content-Disposition name, else `fallback`. Path separators never reach the file system.
 */
export function downloadName(known: string | null | undefined, disposition: string | null): string {
  const name = known?.trim() || fileNameFromDisposition(disposition) || 'download';
  return name.replace(/[\\/]/g, '_');
}

export interface BlobDownload {
  blob: Blob;
  /** from Content-Disposition, when the server sent one */
  dispositionName: string | null;
}

/** GETs bytes with the session's bearer token (the API's JSON failures become ApiErrors). */
export async function fetchBlob(
  path: string,
  auth: TransferAuth,
  signal?: AbortSignal,
): Promise<BlobDownload> {
  const headers = new Headers({ locale: auth.locale });
  if (auth.token) headers.set('Authorization', `Bearer ${auth.token}`);
  let response: Response;
  try {
    response = await fetch(withApiBase(path), { headers, credentials: 'include', signal });
  } catch (caught) {
    if (signal?.aborted || (caught instanceof DOMException && caught.name === 'AbortError')) {
      throw new RequestCancelledError();
    }
    throw new ApiError(500, requestFailedMessage[auth.locale], null, 'network');
  }
  // Failures answer with a non-2xx status; a 2xx body is the file itself, whatever its type.
  if (!response.ok) interpretTransfer<unknown>(response.status, await response.text(), auth.locale);
  return {
    blob: await response.blob(),
    dispositionName: fileNameFromDisposition(response.headers.get('Content-Disposition')),
  };
}

/** Saves a blob under `name` through a temporary object URL (the browser's download). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
