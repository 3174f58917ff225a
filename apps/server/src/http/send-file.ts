// The one way a file's bytes leave the server — space files, files through a share, finished
// exports, the orders CSV, avatars and space icons, the backup archive: the type (active types
// downgraded), the Content-Disposition with the original UTF-8 name (RFC 6266 / RFC 5987
// `filename*`), nosniff, the CSP sandbox, and for stored files single byte ranges (RFC 9110 §14)
// and the ETag. Routes add only who may keep the answer (Cache-Control).
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange } from '../infra/storage/storage-driver.js';
import { binaryResponse } from './openapi.js';

/** inline: shown by the browser; attachment: saved under the file's name */
export type Disposition = 'inline' | 'attachment';

export interface FileToSend {
  /** what the bytes are (a stored file's type is the sniffer's, never the uploader's) */
  mimeType: string;
  body: Readable | Buffer | string;
  /** the name a download is saved under; none: no Content-Disposition (an image for `<img>`) */
  name?: string;
}

/** A stored file's bytes: the whole file's size and SHA-256, and the one range being sent. */
export interface StoredFileToSend extends FileToSend {
  size: number;
  sha256: string;
  range: ByteRange | undefined;
}

export interface SendFileOptions {
  disposition: Disposition;
  /** who may keep the answer; none: no Cache-Control header */
  cacheControl?: string;
}

/** Types a browser would run or render as a document: never served as themselves. */
export function isActiveType(mimeType: string): boolean {
  return (
    mimeType === 'text/html' ||
    mimeType === 'image/svg+xml' ||
    mimeType === 'application/xml' ||
    mimeType === 'text/javascript' ||
    mimeType.endsWith('+xml')
  );
}

/**
 * The Content-Type sent: an active type leaves as opaque bytes when downloaded and as its source
 * text when shown, so it is never a document of our origin; other text is sent as UTF-8 (what
 * the upload sniffer accepted as text) unless the type names its charset.
 */
export function sentType(mimeType: string, disposition: Disposition): string {
  if (isActiveType(mimeType)) {
    return disposition === 'attachment' ? 'application/octet-stream' : 'text/plain; charset=utf-8';
  }
  return mimeType.startsWith('text/') && !mimeType.includes(';')
    ? `${mimeType}; charset=utf-8`
    : mimeType;
}

/**
 * Every answer is sandboxed except a PDF shown inline: Chrome refuses to start its PDF viewer
 * in a sandboxed document ("blocked by Chrome"), and the editor opens a PDF's preview URL in a
 * tab of its own. The viewer runs the PDF away from our origin's pages anyway.
 */
function sandboxed(mimeType: string, disposition: Disposition): boolean {
  return disposition === 'attachment' || mimeType !== 'application/pdf';
}

/** `attachment; filename="ascii"; filename*=UTF-8''percent-encoded` (or `inline`). */
export function contentDisposition(disposition: Disposition, name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The one range a `Range` header asks for: undefined when there is no (usable) header — the
 * whole file is sent — and 'unsatisfiable' for a range outside the file (416).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // several ranges or another unit: ignoring the header and sending everything is allowed
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** The range the request asks for, once the stored file's size is known. */
export function requestedRange(request: FastifyRequest) {
  return (size: number) => parseRange(request.headers.range, size);
}

/** The documented answer of a route sending a stored file, ranges included. */
export function storedFileResponse(disposition: Disposition) {
  return binaryResponse(
    disposition === 'attachment'
      ? 'The bytes, as an attachment (HTML, SVG, XML as octet-stream)'
      : 'The bytes, inline (HTML, SVG, XML as text/plain)',
    ['*/*'],
    { ranges: true },
  );
}

const isStored = (file: FileToSend): file is StoredFileToSend => 'sha256' in file && 'size' in file;

export function sendFile(reply: FastifyReply, file: FileToSend, options: SendFileOptions) {
  const { disposition } = options;
  reply.type(sentType(file.mimeType, disposition));
  if (file.name !== undefined) {
    reply.header('content-disposition', contentDisposition(disposition, file.name));
  }
  reply.header('x-content-type-options', 'nosniff');
  if (sandboxed(file.mimeType, disposition)) reply.header('content-security-policy', 'sandbox');
  if (options.cacheControl !== undefined) reply.header('cache-control', options.cacheControl);
  if (isStored(file)) {
    reply.header('accept-ranges', 'bytes');
    reply.header('etag', `"${file.sha256}"`);
    if (file.range) {
      const { start, end } = file.range;
      reply.code(206);
      reply.header('content-range', `bytes ${start}-${end}/${file.size}`);
      reply.header('content-length', String(end - start + 1));
    } else {
      reply.header('content-length', String(file.size));
    }
  }
  return reply.send(file.body);
}
