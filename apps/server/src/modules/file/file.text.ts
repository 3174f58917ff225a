// Text of files for search and the AI chat (job `file.extract-text` {fileId}): pdf (unpdf's
// bundled pdf.js), docx (mammoth), xlsx (exceljs), pptx (the slides' XML in slide order), and
// markdown, plain text, csv, html (tags stripped) and code as they are. A file that cannot be
// parsed is kept and marked 'failed'; then `ai.index-file` {fileId} lets the AI index follow.
// The parsers load with the first file of their kind (tens of MB a server rarely needs at once).
import fs from 'node:fs';
import type { FileKind } from '@library/contract';
import type { Database } from '../../db/database.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import { Job, type PayloadOf } from '../../infra/jobs/job-catalogue.js';
import { StorageNotFoundError, type StorageDriver } from '../../infra/storage/storage-driver.js';
import * as repo from './file.repo.js';

/** Larger files are not parsed (marked 'failed'): parsing holds the whole file in memory. */
export const extractMaxBytes = 64 * 1024 * 1024;
/** Text kept per file. */
export const textMaxChars = 2_000_000;

export async function extractText(kind: FileKind, mimeType: string, bytes: Buffer) {
  switch (kind) {
    case 'pdf': {
      const { extractText: extractPdfText, getDocumentProxy } = await import('unpdf');
      const pdf = await getDocumentProxy(new Uint8Array(bytes), { BinaryDataFactory: LocalFiles });
      const { text } = await extractPdfText(pdf, { mergePages: true });
      return text;
    }
    case 'docx': {
      const { default: mammoth } = await import('mammoth');
      return (await mammoth.extractRawText({ buffer: bytes })).value;
    }
    case 'xlsx':
      return xlsxText(bytes);
    case 'pptx':
      return pptxText(bytes);
    case 'markdown':
    case 'text':
    case 'code': {
      const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
      return mimeType === 'text/html' ? htmlText(text) : text;
    }
    default:
      return null;
  }
}

/**
 * Reads pdf.js's character maps and standard fonts from disk. unpdf points pdf.js at the
 * `file://` URLs of pdfjs-dist's folders but its bundled pdf.js fetches them, which Node cannot
 * do for `file://`: without this, Chinese text in fonts that are not embedded is lost.
 */
class LocalFiles {
  constructor(private readonly urls: Record<string, string | null | undefined>) {}

  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const base = this.urls[kind];
    if (!base) throw new Error(`pdf.js asked for ${kind} without its URL`);
    return new Uint8Array(await fs.promises.readFile(new URL(filename, base)));
  }
}

async function xlsxText(bytes: Buffer) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const lines: string[] = [];
  workbook.eachSheet((sheet) => {
    lines.push(`# ${sheet.name}`);
    sheet.eachRow((row) => {
      const cells: string[] = [];
      row.eachCell((cell) => cells.push(cell.text));
      lines.push(cells.join('\t'));
    });
  });
  return lines.join('\n');
}

const xmlEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return xmlEntities[entity.toLowerCase()] ?? whole;
  });
}

/** Slides in their number order; each slide's paragraphs (`<a:p>`) of text runs (`<a:t>`). */
async function pptxText(bytes: Buffer) {
  const { default: JSZip } = await import('jszip');
  const zip = await JSZip.loadAsync(bytes);
  const slides = Object.keys(zip.files)
    .map((name) => ({ name, number: /^ppt\/slides\/slide(\d+)\.xml$/.exec(name)?.[1] }))
    .filter((slide): slide is { name: string; number: string } => slide.number !== undefined)
    .sort((a, b) => Number(a.number) - Number(b.number));
  const texts: string[] = [];
  for (const slide of slides) {
    const xml = (await zip.file(slide.name)?.async('string')) ?? '';
    const paragraphs = xml
      .split(/<\/a:p>/)
      .map((paragraph) =>
        [...paragraph.matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>/g)]
          .map((match) => decodeEntities(match[1] ?? ''))
          .join(''),
      );
    texts.push(paragraphs.filter((text) => text.trim()).join('\n'));
  }
  return texts.join('\n\n');
}

export function htmlText(html: string) {
  return decodeEntities(
    html
      .replace(/<(script|style|noscript|template)[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^>]*>/gi, '\n')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

async function readAll(storage: StorageDriver, key: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The job handler; running it twice is harmless (only a 'pending' file is parsed). */
export function extractTextHandler(deps: { db: Database; storage: StorageDriver }) {
  return async ({ fileId }: PayloadOf<typeof Job.extractFileText>) => {
    const file = await repo.findFile(deps.db, fileId);
    if (!file || file.textStatus !== 'pending') return;
    const blob = await repo.findBlob(deps.db, file.blobId);
    if (!blob) return;
    let text: string | null = null;
    if (blob.size <= extractMaxBytes) {
      // other storage errors (the bucket unreachable) fail the job, which is retried later
      const bytes = await readAll(deps.storage, blob.storageKey).catch((error: unknown) => {
        if (error instanceof StorageNotFoundError) return null;
        throw error;
      });
      // missing bytes or a parser failure mark the file; it is never lost
      if (bytes) text = await extractText(file.kind, file.mimeType, bytes).catch(() => null);
    }
    await deps.db.transaction(async (tx) => {
      if (text !== null) await repo.saveText(tx, fileId, text.slice(0, textMaxChars));
      await repo.updateFile(tx, fileId, { textStatus: text === null ? 'failed' : 'done' });
      if (text !== null) await enqueueJob(tx, Job.indexFile, { fileId }, { key: fileId });
    });
  };
}
