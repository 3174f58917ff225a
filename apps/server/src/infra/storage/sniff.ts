// What a file is, decided from its first bytes (never from the browser's Content-Type): its MIME
// type, its kind for the web's preview and whether its type is refused. How an "active" type
// (HTML, SVG, XML) is sent so that it is never rendered in our origin: http/send-file.ts.
import type { FileKind } from '@library/contract';

/** How many leading bytes the sniffer looks at. */
export const sniffBytes = 64 * 1024;

export interface SniffedType {
  mimeType: string;
  kind: FileKind;
}

/**
 * Refused outright (602001): native executables by their bytes, and Windows executable,
 * installer and script types by their name (they run on a double click after download).
 */
const refusedExtensions = new Set([
  'exe', 'dll', 'com', 'scr', 'msi', 'msp', 'bat', 'cmd', 'pif', 'cpl', 'hta', 'lnk',
  'vbs', 'vbe', 'jse', 'wsf', 'wsh', 'ps1', 'psm1', 'reg', 'apk', 'dmg', 'pkg',
]); // prettier-ignore

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);
const ascii = (head: Buffer, start: number, end: number) =>
  head.subarray(start, end).toString('latin1');

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** True when the first bytes (or the name) say this must not be stored. */
export function isRefused(head: Buffer, name: string): boolean {
  if (refusedExtensions.has(extensionOf(name))) return true;
  return (
    startsWith(head, [0x4d, 0x5a]) || // MZ: Windows PE
    startsWith(head, [0x7f, 0x45, 0x4c, 0x46]) || // ELF
    startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) || // Mach-O 64
    startsWith(head, [0xce, 0xfa, 0xed, 0xfe]) || // Mach-O 32
    startsWith(head, [0xca, 0xfe, 0xba, 0xbe]) // Mach-O universal (and Java classes)
  );
}

const binaryTypes: Array<{ test: (head: Buffer) => boolean; mimeType: string; kind: FileKind }> = [
  { test: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47]), mimeType: 'image/png', kind: 'image' },
  { test: (h) => startsWith(h, [0xff, 0xd8, 0xff]), mimeType: 'image/jpeg', kind: 'image' },
  { test: (h) => ascii(h, 0, 4) === 'GIF8', mimeType: 'image/gif', kind: 'image' },
  {
    test: (h) => ascii(h, 0, 4) === 'RIFF' && ascii(h, 8, 12) === 'WEBP',
    mimeType: 'image/webp',
    kind: 'image',
  },
  { test: (h) => ascii(h, 0, 2) === 'BM' && h.length > 26, mimeType: 'image/bmp', kind: 'image' },
  {
    test: (h) => startsWith(h, [0, 0, 1, 0]) && h.length > 22,
    mimeType: 'image/x-icon',
    kind: 'image',
  },
  {
    test: (h) => ascii(h, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(h, 8, 12)),
    mimeType: 'image/avif',
    kind: 'image',
  },
  { test: (h) => ascii(h, 0, 5) === '%PDF-', mimeType: 'application/pdf', kind: 'pdf' },
  { test: (h) => ascii(h, 0, 3) === 'ID3', mimeType: 'audio/mpeg', kind: 'audio' },
  {
    test: (h) => h.length > 2 && h[0] === 0xff && ((h[1] ?? 0) & 0xe6) === 0xe2,
    mimeType: 'audio/mpeg',
    kind: 'audio',
  },
  {
    test: (h) => ascii(h, 0, 4) === 'RIFF' && ascii(h, 8, 12) === 'WAVE',
    mimeType: 'audio/wav',
    kind: 'audio',
  },
  { test: (h) => ascii(h, 0, 4) === 'fLaC', mimeType: 'audio/flac', kind: 'audio' },
  {
    test: (h) => ascii(h, 4, 8) === 'ftyp' && ['M4A ', 'M4B '].includes(ascii(h, 8, 12)),
    mimeType: 'audio/mp4',
    kind: 'audio',
  },
  {
    test: (h) => ascii(h, 4, 8) === 'ftyp' && ascii(h, 8, 10) === 'qt',
    mimeType: 'video/quicktime',
    kind: 'video',
  },
  { test: (h) => ascii(h, 4, 8) === 'ftyp', mimeType: 'video/mp4', kind: 'video' },
  {
    test: (h) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(h, 0, 64).includes('webm'),
    mimeType: 'video/webm',
    kind: 'video',
  },
  {
    test: (h) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]),
    mimeType: 'video/x-matroska',
    kind: 'video',
  },
  {
    test: (h) => ascii(h, 0, 4) === 'RIFF' && ascii(h, 8, 11) === 'AVI',
    mimeType: 'video/x-msvideo',
    kind: 'video',
  },
];

const officeTypes = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;

/** An OOXML package: the zip's entry names say which (Word puts `word/…` early, and so on). */
function sniffZip(head: Buffer, name: string): SniffedType {
  const text = head.toString('latin1');
  const ext = extensionOf(name);
  const byEntries: Array<[keyof typeof officeTypes, string]> = [
    ['docx', 'word/'],
    ['xlsx', 'xl/'],
    ['pptx', 'ppt/'],
  ];
  const found = byEntries.find(([, prefix]) => text.includes(prefix))?.[0];
  // a big package may keep its entries past the head: then the name decides among the three
  const office = found ?? (ext === 'docx' || ext === 'xlsx' || ext === 'pptx' ? ext : undefined);
  if (office) return { mimeType: officeTypes[office], kind: office };
  return { mimeType: 'application/zip', kind: 'other' };
}

const markdownExtensions = new Set(['md', 'markdown', 'mdown', 'mkd']);
const plainExtensions = new Set(['txt', 'text', 'log', 'csv', 'tsv', '']);
const codeTypes: Record<string, string> = {
  json: 'application/json',
  xml: 'application/xml',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
};
const codeExtensions = new Set([
  'ts', 'tsx', 'jsx', 'py', 'rb', 'go', 'rs', 'java', 'kt', 'kts', 'scala', 'c', 'h', 'cc', 'cpp',
  'hpp', 'cs', 'swift', 'm', 'php', 'pl', 'lua', 'r', 'sql', 'sh', 'bash', 'zsh', 'yaml', 'yml',
  'toml', 'ini', 'conf', 'cfg', 'vue', 'svelte', 'scss', 'less', 'dart', 'ex', 'exs', 'erl', 'hs',
  'clj', 'gradle', 'properties', 'env', 'dockerfile', 'makefile', 'graphql', 'proto',
]); // prettier-ignore

/** UTF-8 without NUL bytes (a multi-byte character cut at the end of the head is fine). */
function looksLikeText(head: Buffer, complete: boolean): boolean {
  if (head.includes(0)) return false;
  let body = head;
  if (!complete) {
    // drop a trailing partial character
    let cut = body.length;
    for (let i = body.length - 1; i >= Math.max(0, body.length - 4); i -= 1) {
      const byte = body[i] ?? 0;
      if ((byte & 0xc0) === 0x80) continue;
      if (byte >= 0xc0) cut = i;
      break;
    }
    body = body.subarray(0, cut);
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}

function sniffText(head: Buffer, name: string): SniffedType {
  const ext = extensionOf(name);
  const start = head
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  const lower = start.toLowerCase();
  // active content: decided by the bytes whatever the name says (a `.jpg` that is HTML is HTML)
  if (/^<svg[\s>]/.test(lower) || (lower.startsWith('<?xml') && lower.includes('<svg'))) {
    return { mimeType: 'image/svg+xml', kind: 'image' };
  }
  if (/^(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>]|<script[\s>]|<iframe[\s>])/.test(lower)) {
    return { mimeType: 'text/html', kind: 'code' };
  }
  if (ext === 'html' || ext === 'htm' || ext === 'xhtml')
    return { mimeType: 'text/html', kind: 'code' };
  if (markdownExtensions.has(ext)) return { mimeType: 'text/markdown', kind: 'markdown' };
  if (ext === 'csv') return { mimeType: 'text/csv', kind: 'text' };
  if (plainExtensions.has(ext)) return { mimeType: 'text/plain', kind: 'text' };
  const codeType = codeTypes[ext];
  if (codeType) return { mimeType: codeType, kind: 'code' };
  if (codeExtensions.has(ext)) return { mimeType: 'text/plain', kind: 'code' };
  if (lower.startsWith('<?xml')) return { mimeType: 'application/xml', kind: 'code' };
  return { mimeType: 'text/plain', kind: 'text' };
}

/** The type of a file from its first `sniffBytes` bytes; `complete` when that is all of it. */
export function sniffType(head: Buffer, name: string, complete: boolean): SniffedType {
  const binary = binaryTypes.find((type) => type.test(head));
  if (binary) return { mimeType: binary.mimeType, kind: binary.kind };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return sniffZip(head, name);
  if (looksLikeText(head, complete)) return sniffText(head, name);
  return { mimeType: 'application/octet-stream', kind: 'other' };
}

/** Kinds whose text is extracted for search and AI. */
export function hasText(kind: FileKind): boolean {
  return ['pdf', 'docx', 'xlsx', 'pptx', 'markdown', 'text', 'code'].includes(kind);
}
