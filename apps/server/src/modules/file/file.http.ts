// HTTP details of sending file bytes: single byte ranges (RFC 9110 §14) and the
// Content-Disposition header with the original UTF-8 name (RFC 6266 / RFC 5987 `filename*`).
import type { ByteRange } from '../../infra/storage/storage-driver.js';

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

/** `attachment; filename="ascii"; filename*=UTF-8''percent-encoded` (or `inline`). */
export function contentDisposition(type: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
